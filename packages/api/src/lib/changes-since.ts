import { deletedRows, type Queryable } from "@club/db";
import { type AnyColumn, and, asc, eq, gte, type SQL, sql } from "@club/db/orm";
import { LIST_MAX, moment } from "@club/shared";
import { z } from "zod";
import { badRequest } from "../errors";

// A sync's asks of a list (a CRM's, a calendar's, a mailing tool's): what changed since its last
// ask, and what went. Times are kept to the millisecond, as answers carry them (migrations 0054,
// 0056), so a page's last time and id name its row exactly and the next page starts right after it.

/** A page of changes: from `since`, or after the row (`since`, `after`) the page before ended on. */
export interface ChangesPage {
  since: Date;
  after?: string | undefined;
  limit?: number | undefined;
}

/**
 * At or after `since`; with `after`, past that row in (time, id) order, compared as a row, which
 * the index on (time, id) answers directly (lib/keyset.ts says why not as `or`).
 */
export function fromPlace(time: AnyColumn, id: AnyColumn, page: ChangesPage): SQL | undefined {
  return page.after
    ? sql`(${time}, ${id}) > (${page.since.toISOString()}::timestamptz, ${page.after}::uuid)`
    : gte(time, page.since);
}

/**
 * The rows of a kind deleted at or after `since` (ids only: nothing else of theirs is kept), oldest
 * first. Asked from further back than deletions are kept (`keptDays`), the answer could not be
 * whole: refused with `tooOld`, which says what to do instead.
 */
export async function deletedSince(
  db: Queryable,
  kind: (typeof deletedRows.kind.enumValues)[number],
  page: ChangesPage,
  { keptDays, tooOld }: { keptDays: number; tooOld: string },
) {
  if (page.since.getTime() < Date.now() - keptDays * 86_400_000) throw badRequest(tooOld);
  return db
    .select({ id: deletedRows.id, deleted_at: deletedRows.deletedAt })
    .from(deletedRows)
    .where(and(eq(deletedRows.kind, kind), fromPlace(deletedRows.deletedAt, deletedRows.id, page)))
    .orderBy(asc(deletedRows.deletedAt), asc(deletedRows.id))
    .limit(page.limit ?? LIST_MAX);
}

/**
 * The input of a list of what went (`users.deleted`, `events.deleted`): since a moment, at most
 * `keptDays` back, after the row `idKey` names on the page before, at most `max` a page.
 */
export function deletionsInput(what: { plural: string; one: string; idKey: string; keptDays: number; max: number }) {
  return z.object({
    since: moment("since").meta({
      description: `${what.plural} deleted at or after this moment (ISO 8601), at most ${what.keptDays} days back.`,
    }),
    after: z
      .uuid(`after is the ${what.idKey} of the last ${what.one} of the page before.`)
      .optional()
      .meta({
        description: `The ${what.idKey} of the last ${what.one} of the page before (with since as its deleted_at).`,
      }),
    limit: z.number().int().min(1).max(what.max).optional(),
  });
}
