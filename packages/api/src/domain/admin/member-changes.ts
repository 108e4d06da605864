import { deletedRows, type Queryable, users } from "@club/db";
import { type AnyColumn, and, asc, eq, gte, type SQL, sql } from "@club/db/orm";
import { LIST_MAX } from "@club/shared";
import { badRequest } from "../../errors";
import { RETENTION_DAYS } from "./retention";
import { listColumns, memberSearch } from "./user-management";

// A sync's asks of the members' list (a CRM's, a mailing tool's): who changed since its last ask,
// and who went. Times are kept to the millisecond, as answers carry them (migration 0054), so a
// page's last time and id name its row exactly and the next page starts right after it.

/** A page of changes: from `since`, or after the row (`since`, `after`) the page before ended on. */
interface ChangesPage {
  since: Date;
  after?: string | undefined;
  limit?: number | undefined;
}

/**
 * At or after `since`; with `after`, past that row in (time, id) order, compared as a row, which
 * the index on (time, id) answers directly (lib/keyset.ts says why not as `or`).
 */
function fromPlace(time: AnyColumn, id: AnyColumn, page: ChangesPage): SQL | undefined {
  return page.after
    ? sql`(${time}, ${id}) > (${page.since.toISOString()}::timestamptz, ${page.after}::uuid)`
    : gte(time, page.since);
}

/**
 * The members whose row in the list (name, e-mail, type, admin right, Testing Team) changed at or
 * after `since`, or who joined, oldest change first; `search` as the list's.
 */
export function changedMembers(db: Queryable, page: ChangesPage & { search?: string | undefined }) {
  return db
    .select(listColumns)
    .from(users)
    .where(and(fromPlace(users.updatedAt, users.id, page), memberSearch(page.search)))
    .orderBy(asc(users.updatedAt), asc(users.id))
    .limit(page.limit ?? LIST_MAX);
}

export const DELETIONS_TOO_OLD = `The club keeps who was deleted for ${RETENTION_DAYS.deletedRows} days: \`since\` is further back. List every member again (without updated_since), then ask for changes from the time of that list.`;

/**
 * The members deleted at or after `since` (ids only: nothing else of theirs is kept), oldest first.
 * Asked from further back than deletions are kept, the answer could not be whole: refused, with
 * what to do instead.
 */
export async function deletedMembers(db: Queryable, page: ChangesPage) {
  if (page.since.getTime() < Date.now() - RETENTION_DAYS.deletedRows * 86_400_000) throw badRequest(DELETIONS_TOO_OLD);
  return db
    .select({ user_id: deletedRows.id, deleted_at: deletedRows.deletedAt })
    .from(deletedRows)
    .where(and(eq(deletedRows.kind, "member"), fromPlace(deletedRows.deletedAt, deletedRows.id, page)))
    .orderBy(asc(deletedRows.deletedAt), asc(deletedRows.id))
    .limit(page.limit ?? LIST_MAX);
}
