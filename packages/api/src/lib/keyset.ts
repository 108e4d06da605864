import { type AnyColumn, type SQL, sql } from "@club/db/orm";
import { rowId } from "@club/shared";
import { z } from "zod";
import { cursorOf } from "./cursor";

/** The database's microsecond timestamp of the last item, as `column` writes it. */
const AT = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

/**
 * Keyset pages on (a timestamp, id), newest first: the gallery's media and an item's comments.
 * The cursor carries the database's own microsecond value of the last item (a JavaScript Date
 * keeps only milliseconds, which skipped items made within one millisecond of each other), and
 * the next page compares the pair as a row, which an index on (…, timestamp, id) answers directly
 * (written as `at < $1 or (at = $1 and id < $2)`, Postgres reads every row back to that point).
 */
export function keyset(at: AnyColumn, id: AnyColumn, staleMessage: string) {
  const cursors = cursorOf(z.tuple([AT, rowId]), staleMessage);
  /** A cursor's values; a cursor this server did not make is a 400 with `staleMessage`. */
  function read(cursor: string | undefined): { cursorAt: string; cursorId: string } | undefined {
    if (!cursor) return undefined;
    const [cursorAt, cursorId] = cursors.read(cursor);
    return { cursorAt, cursorId };
  }
  return {
    /** Select this beside the row: the cursor's timestamp, as the database has it. */
    column: sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,

    next(cursorAt: string, id: string): string {
      return cursors.make([cursorAt, id]);
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
