import { type Queryable, users } from "@club/db";
import { and, asc } from "@club/db/orm";
import { LIST_MAX } from "@club/shared";
import { type ChangesPage, deletedSince, fromPlace } from "../../lib/changes-since";
import { RETENTION_DAYS } from "./retention";
import { listColumns, memberSearch } from "./user-management";

// A sync's asks of the members' list: who changed since its last ask, and who went.

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

/** The members deleted at or after `since` (ids only), oldest first. */
export async function deletedMembers(db: Queryable, page: ChangesPage) {
  const rows = await deletedSince(db, "member", page, {
    keptDays: RETENTION_DAYS.deletedRows,
    tooOld: DELETIONS_TOO_OLD,
  });
  return rows.map(({ id, deleted_at }) => ({ user_id: id, deleted_at }));
}
