import { type AnyColumn, type SQL, sql } from "@club/db/orm";
import { badRequest } from "../errors";

/**
 * Keyset pages on (a timestamp, id), newest first: the gallery's media and an item's comments.
 * The cursor carries the database's own microsecond value of the last item (a JavaScript Date
 * keeps only milliseconds, which skipped items made within one millisecond of each other), and
 * the next page compares the pair as a row, which an index on (…, timestamp, id) answers directly
 * (written as `at < $1 or (at = $1 and id < $2)`, Postgres reads every row back to that point).
 */
export function keyset(at: AnyColumn, id: AnyColumn, staleMessage: string) {
  const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  /** A cursor's values; a cursor this server did not make is a 400 with `staleMessage`. */
  function read(cursor: string | undefined): { cursorAt: string; cursorId: string } | undefined {
    if (!cursor) return undefined;
    let cursorAt: unknown;
    let rowId: unknown;
    try {
      [cursorAt, rowId] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    } catch {
      throw badRequest(staleMessage);
    }
    if (typeof cursorAt !== "string" || typeof rowId !== "string" || !AT.test(cursorAt) || !UUID.test(rowId)) {
      throw badRequest(staleMessage);
    }
    return { cursorAt, cursorId: rowId };
  }
  return {
    /** Select this beside the row: the cursor's timestamp, as the database has it. */
    column: sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,

    next(cursorAt: string, rowId: string): string {
      return Buffer.from(JSON.stringify([cursorAt, rowId])).toString("base64url");
    },

    /** The rows after the cursor; a cursor this server did not make is a 400 with `staleMessage`. */
    after(cursor: string | undefined): SQL | undefined {
      const values = read(cursor);
      return values && sql`(${at}, ${id}) < (${values.cursorAt}::timestamptz, ${values.cursorId}::uuid)`;
    },

    /** `after` for a prepared query: its values are the placeholders `cursorAt` and `cursorId` (from `read`). */
    afterPlaceholders: sql`(${at}, ${id}) < (${sql.placeholder("cursorAt")}::timestamptz, ${sql.placeholder("cursorId")}::uuid)`,

    read,
  };
}
