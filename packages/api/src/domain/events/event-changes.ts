import { events, type Queryable } from "@club/db";
import { and, asc, isNotNull } from "@club/db/orm";
import { EVENTS_PAGE_DEFAULT } from "@club/shared";
import { type ChangesPage, deletedSince, fromPlace } from "../../lib/changes-since";
import { RETENTION_DAYS } from "../admin/retention";
import { cardColumns, cardsOf, type EventCard, type EventPage } from "./list";

// A sync's asks of the events list (a calendar's, a CRM's): which events changed since its last
// ask, and which went. An admin's (the router asks requireAdminTools): a member's list follows
// what she may see, which changes without any event changing (an invitation, her part in an
// event), and a list of changed events could not tell her of an event she may no longer see.

type SyncContext = Parameters<typeof cardsOf>[0];

/**
 * The published events whose row changed at or after `since`, or that were made or published then,
 * oldest change first, each card with its `updated_at` (the next page starts after the last one's
 * time and id). An event's row is what its card shows; its seats are counted as they are now.
 */
export async function changedEvents(ctx: SyncContext, page: ChangesPage): Promise<EventPage<EventCard>> {
  const rows = await ctx.db
    .select(cardColumns)
    .from(events)
    .where(and(isNotNull(events.publishedAt), fromPlace(events.updatedAt, events.id, page)))
    .orderBy(asc(events.updatedAt), asc(events.id))
    .limit(page.limit ?? EVENTS_PAGE_DEFAULT);
  const changedAt = new Map(rows.map(({ event }) => [event.id, event.updatedAt]));
  const cards = await cardsOf(ctx, rows, new Date());
  const items = cards.map((card) => Object.assign(card, { updated_at: changedAt.get(card.id) }));
  // Paged by `after`: a full page means there may be more.
  return { items, nextCursor: null, previousCursor: null };
}

export const EVENT_DELETIONS_TOO_OLD = `The club keeps which events were deleted for ${RETENTION_DAYS.deletedRows} days: \`since\` is further back. List every event again (without updated_since), then ask for changes from the time of that list.`;

/** The events deleted at or after `since` (ids only), oldest first. */
export async function deletedEvents(db: Queryable, page: ChangesPage) {
  const rows = await deletedSince(db, "event", page, {
    keptDays: RETENTION_DAYS.deletedRows,
    tooOld: EVENT_DELETIONS_TOO_OLD,
  });
  return rows.map(({ id, deleted_at }) => ({ event_id: id, deleted_at }));
}
