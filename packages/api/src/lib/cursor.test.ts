import { isRowId, rowId } from "@club/shared";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cursorOf } from "./cursor";

const STALE = "This page changed. Please reload it.";
const cursors = cursorOf(z.tuple([z.string(), rowId]), STALE);
const id = "0b6f1c4e-2d7a-4c1e-9f3a-5e8d7c6b5a49";

/** The refusal of `read`, or undefined when it read the cursor. */
function refusal(cursor: string) {
  try {
    cursors.read(cursor);
    return undefined;
  } catch (err) {
    return err instanceof TRPCError ? `${err.code}: ${err.message}` : String(err);
  }
}

describe("a page's cursor", () => {
  it("reads back what it made", () => {
    expect(cursors.read(cursors.make(["2026-11-27T10:00:00.000001Z", id]))).toEqual([
      "2026-11-27T10:00:00.000001Z",
      id,
    ]);
  });

  it("refuses, with the page's words, anything the server did not make", () => {
    const made = cursors.make(["at", id]);
    for (const bad of [
      "%%%",
      made.slice(0, -3),
      Buffer.from("not json").toString("base64url"),
      Buffer.from(JSON.stringify(["at"])).toString("base64url"),
      Buffer.from(JSON.stringify(["at", "not-an-id"])).toString("base64url"),
      Buffer.from(JSON.stringify({ at: "at", id })).toString("base64url"),
    ]) {
      expect(refusal(bad), bad).toBe(`BAD_REQUEST: ${STALE}`);
    }
  });
});

describe("a row's id", () => {
  it("is any 8-4-4-4-12 hex text, as Postgres reads a uuid, and nothing else", () => {
    expect(isRowId(id)).toBe(true);
    expect(isRowId(id.toUpperCase())).toBe(true);
    expect(isRowId("00000000-0000-0000-0000-000000000000")).toBe(true);
    for (const other of ["poetry-reading-salon", `${id}x`, id.slice(1), 42, null]) expect(isRowId(other)).toBe(false);
  });
});
