import { statSync } from "node:fs";
import { request } from "node:http";
import { operatorSocketPath } from "@club/api";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startApp } from "./test/harness";

/**
 * The operator socket is tRPC over a Unix socket in DATA_DIR: `club` on this machine reads and
 * retries the outbox and the job queue through it, and nothing else.
 */
let h: Harness;
beforeAll(async () => {
  h = await startApp({}, undefined, { operatorSocket: true });
});
afterAll(() => h.close());

function call(path: string, method: "GET" | "POST", input?: unknown) {
  const socketPath = operatorSocketPath(h.app.dataDir);
  const query = method === "GET" ? `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}` : "";
  return new Promise<{ status: number; body: { result?: { data: unknown }; error?: { json: { message: string } } } }>(
    (resolve, reject) => {
      const headers = method === "POST" ? { "content-type": "application/json" } : {};
      const req = request({ socketPath, path: `/${path}${query}`, method, headers }, (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on("error", reject);
      req.end(method === "POST" ? JSON.stringify(superjson.serialize(input)) : undefined);
    },
  );
}

describe("the operator socket", () => {
  it("answers the operator's procedures, as the operator", async () => {
    const summary = await call("mailOutbox.summary", "GET");
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const jobs = await call("jobs.summary", "GET");
    expect(jobs.status, JSON.stringify(jobs.body)).toBe(200);
  });

  it("refuses every other procedure, with a reason", async () => {
    for (const [path, method] of [
      ["users.list", "GET"],
      ["users.create", "POST"],
      ["auth.me", "GET"],
    ] as const) {
      const res = await call(path, method, {});
      expect(res.status, path).toBe(403);
      expect(res.body.error?.json.message).toBe(
        `${path} cannot be called from the command line while the server runs.`,
      );
    }
  });

  it("is open to the data's owner only", async () => {
    expect(statSync(operatorSocketPath(h.app.dataDir)).mode & 0o777).toBe(0o600);
  });
});
