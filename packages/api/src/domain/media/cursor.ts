import { media } from "@club/db";
import { type SQL, sql } from "@club/db/orm";
import { badRequest } from "../../errors";

/**
 * Gallery pages are keyset pages on (upload_date, id), newest first. The cursor carries the
 * database's own microsecond value of the last item (a JavaScript Date keeps only milliseconds,
 * which skipped items uploaded within one millisecond of each other), and the next page compares
 * the pair as a row, which the (upload_date, id) index answers directly.
 */
export const cursorColumn = sql<string>`to_char(${media.uploadDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STALE = "This page of the gallery is no longer available. Please reload it.";

export function nextCursor(last: { cursorAt: string; row: { id: string } }): string {
  return Buffer.from(JSON.stringify([last.cursorAt, last.row.id])).toString("base64url");
}

export function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  let at: unknown;
  let id: unknown;
  try {
    [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
  } catch {
    throw badRequest(STALE);
  }
  if (typeof at !== "string" || typeof id !== "string" || !AT.test(at) || !UUID.test(id)) throw badRequest(STALE);
  return sql`(${media.uploadDate}, ${media.id}) < (${at}::timestamptz, ${id}::uuid)`;
}
