import { type Event, eventParticipants, events, eventWaitlist, media, type Queryable } from "@club/db";
import { and, asc, desc, eq, exists, ilike, type SQL, sql } from "@club/db/orm";
import type { MyEventFilter } from "@club/shared";
import { hasInvitationFor, hasParticipant, isCreatedBy, type Viewer, visibleEvents } from "../access";
import { escapeLike } from "../like";
import { toEventListItem } from "./queries";
import { type RsvpCounts, type RsvpSummary, rsvpSummary, usesRsvp, usesRsvpCondition } from "./rsvp";

/** The events list and the event pickers: only events the member may see. */

export interface EventListFilter {
  /** Part of the title. */
  search?: string | undefined;
  /** By start date: "asc" (the default) or "desc". */
  sort?: "asc" | "desc" | undefined;
  mine?: MyEventFilter | undefined;
}

const MINE: Record<MyEventFilter, (userId: string) => SQL> = {
  joined: hasParticipant,
  created: isCreatedBy,
  invited: (userId) => hasInvitationFor(userId),
};

/** Whatever a plain event's card does not show is not counted for it. */
const countedIfRsvp = (count: SQL) => sql<number>`(case when ${usesRsvpCondition} then ${count} else 0 end)::int`;

/** GET /api/events: the events the member may see, by start date, filtered by title or by her part in them. */
export async function listEvents(
  ctx: { db: Queryable; user: Viewer; config: { timeZone: string } },
  filter: EventListFilter = {},
) {
  const order = filter.sort === "desc" ? desc : asc;
  const rows = await ctx.db
    .select({
      event: events,
      // Counted per listed event on the (event_id, user_id) key, not over every participation.
      going: sql<number>`(select count(*) from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id})::int`,
      guests: countedIfRsvp(
        sql`(select coalesce(sum(${eventParticipants.guests}), 0) from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id})`,
      ),
      waiting: countedIfRsvp(
        sql`(select count(*) from ${eventWaitlist} where ${eventWaitlist.eventId} = ${events.id})`,
      ),
    })
    .from(events)
    .where(
      and(
        visibleEvents(ctx.user),
        filter.search ? ilike(events.title, `%${escapeLike(filter.search)}%`) : undefined,
        filter.mine ? MINE[filter.mine](ctx.user.id) : undefined,
      ),
    )
    .orderBy(order(events.eventDate), order(events.startTime), asc(events.title));
  const noNames: { user_id: string; name: string }[] = [];
  return rows.map(({ event, ...counts }) =>
    withRsvpSummary(
      { ...toEventListItem(event, ctx.user), participants: noNames, participant_count: counts.going },
      event,
      counts,
      ctx.config.timeZone,
    ),
  );
}

/** A list's card: the counts of an event that uses RSVP rules. */
function withRsvpSummary<T extends object>(
  item: T,
  e: Event,
  counts: RsvpCounts,
  timeZone: string,
): T & { rsvp?: RsvpSummary } {
  return usesRsvp(e) ? { ...item, rsvp: rsvpSummary(e, counts, timeZone) } : item;
}

/**
 * What an event picker offers: id, title and date of the events the member may see, newest first.
 * `withMedia` keeps only events that have photos or videos (the gallery's filter).
 */
export function eventChoices(db: Queryable, viewer: Viewer, { withMedia = false } = {}) {
  return db
    .select({ id: events.id, title: events.title, event_date: events.eventDate })
    .from(events)
    .where(
      and(
        visibleEvents(viewer),
        withMedia
          ? exists(
              sql`(select 1 from ${media} where ${and(eq(media.associatedEventId, events.id), eq(media.status, "ready"))})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(events.eventDate), asc(events.title));
}
