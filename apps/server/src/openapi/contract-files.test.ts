import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadEnv } from "@club/api";
import { describe, expect, it } from "vitest";
import { configFromEnv } from "../config";
import { defaultDocument } from "../test/default-document";
import { limitsOf, limitsTable } from "./limits";

/**
 * The files that describe the API to other languages' callers, kept equal to what the server
 * says with no configuration: the table of limits in docs/operating.md, and docs/openapi.json (so every change
 * to the contract shows in review as a change to that file). `UPDATE_CONTRACT=1` rewrites both.
 */
const root = join(import.meta.dirname, "../../../..");
const guidePath = join(root, "docs/operating.md");
const documentPath = join(root, "docs/openapi.json");
const defaults = configFromEnv(loadEnv({}));
const update = process.env.UPDATE_CONTRACT === "1";
const START = "<!-- limits: made from apps/server/src/openapi/limits.ts -->";
const END = "<!-- end of limits -->";

describe("the API's description files", () => {
  it("the operating guide's limits are the server's own numbers", () => {
    const table = limitsTable(limitsOf(defaults));
    const guide = readFileSync(guidePath, "utf8");
    const start = guide.indexOf(START);
    const end = guide.indexOf(END);
    expect(start, "the limits markers in docs/operating.md").toBeGreaterThan(0);
    expect(end, "the end of the limits in docs/operating.md").toBeGreaterThan(start);
    const current = guide.slice(start + START.length, end).trim();
    if (update && current !== table) {
      writeFileSync(guidePath, `${guide.slice(0, start + START.length)}\n${table}\n${guide.slice(end)}`);
      return;
    }
    expect(current, "docs/operating.md's limits differ from the server's: run with UPDATE_CONTRACT=1").toBe(table);
    expect(table).toContain("| Upload size (photo or video, `MAX_UPLOAD_MB`) | 500 MB per file |");
  });

  it("docs/openapi.json is the document the server serves with no configuration", async () => {
    const served = `${JSON.stringify(await defaultDocument(), null, 2)}\n`;
    if (update) writeFileSync(documentPath, served);
    expect(readFileSync(documentPath, "utf8"), "the API changed: run with UPDATE_CONTRACT=1 and review the diff").toBe(
      served,
    );
  });
});
