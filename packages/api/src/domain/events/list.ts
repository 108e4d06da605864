import { type Event, eventParticipants, events, eventWaitlist, media, type Queryable } from "@club/db";
import { and, asc, desc, eq, exists, ilike, lte, type SQL, sql } from "@club/db/orm";
import { EVENTS_PAGE_DEFAULT, isCalendarDay, type MyEventFilter, rowId } from "@club/shared";
import { z } from "zod";
import { hasInvitationFor, hasParticipant, isCreatedBy, type Viewer, visibleEvents } from "../access";
import { cursorOf } from "../cursor";
import { escapeLike } from "../like";
import { todayIn } from "./calendar";
import { toEventListItem } from "./queries";
import { type RsvpCounts, type RsvpSummary, rsvpSummary, usesRsvp, usesRsvpCondition } from "./rsvp";
import { type SeriesLink, seriesLinks } from "./series";

/** The events list and the event pickers: only events the member may see. */

export interface EventListFilter {
  /** Part of the title. */
  search?: string | undefined;
  /** By start date: "asc" (the default) or "desc". */
  sort?: "asc" | "desc" | undefined;
  mine?: MyEventFilter | undefined;
  /** Only the events this member created (her profile's "Hosts"). */
  host?: string | undefined;
  /** Where the page starts: an earlier answer's `nextCursor` or `previousCursor`. */
  cursor?: string | undefined;
  /** At most this many events (default EVENTS_PAGE_DEFAULT). */
  limit?: number | undefined;
  /** Start at today in the club's time zone (ascending order only: descending starts at the latest anyway). */
  upcoming?: boolean | undefined;
  /** Only the events that fall on one of these days (inclusive), whatever day they start. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface EventPage<T> {
  items: T[];
  /** The events after the last one, in the list's order; null when there are none. */
  nextCursor: string | null;
  /** The events before the first one (with `upcoming`: the past, newest first); null when there are none. */
  previousCursor: string | null;
}

const MINE: Record<MyEventFilter, (userId: string) => SQL> = {
  joined: hasParticipant,
  created: isCreatedBy,
  invited: (userId) => hasInvitationFor(userId),
};

/** Whatever a plain event's card does not show is not counted for it. */
const countedIfRsvp = (count: SQL) => sql<number>`(case when ${usesRsvpCondition} then ${count} else 0 end)::int`;

/**
 * A place in the list, between two events: the page after it ("n") or before it ("p"), in the
 * list's order. It is the key of the event on its near side, (event_date, start_time, id), which
 * is unique and which the index on (event_date, start_time, id) walks in order; or, for the
 * boundary of `upcoming`, the start of a day (no time, no id).
 */
interface Place {
  side: "n" | "p";
  date: string;
  time: string | null;
  id: string | null;
}

const STALE = "These events have changed. Please reload them.";
const side = z.enum(["n", "p"]);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay);
/** An event's place (its day, time and id), or the start of a day (no time, no id). */
const places = cursorOf(
  z.union([
    z.tuple([side, day, z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/), rowId]),
    z.tuple([side, day, z.null(), z.null()]),
  ]),
  STALE,
);

const encodePlace = (p: Place): string =>
  p.time === null || p.id === null
    ? places.make([p.side, p.date, null, null])
    : places.make([p.side, p.date, p.time, p.id]);

/** A cursor this server did not make is a 400, not a 500 nor a silently wrong page. */
function decodePlace(cursor: string): Place {
  const [where, date, time, id] = places.read(cursor);
  return { side: where, date, time, id };
}

const placeOf = (side: Place["side"], e: Event): Place => ({ side, date: e.eventDate, time: e.startTime, id: e.id });

/**
 * The events beyond a place, in the direction `forward` (growing keys) or not. Written as one
 * row comparison, which the index answers as a range (spelt out with `or`, Postgres reads every
 * row back to that point).
 */
function beyond(place: Place, forward: boolean): SQL {
  if (place.time === null || place.id === null) {
    return forward ? sql`${events.eventDate} >= ${place.date}::date` : sql`${events.eventDate} < ${place.date}::date`;
  }
  const key = sql`(${events.eventDate}, ${events.startTime}, ${events.id})`;
  const at = sql`(${place.date}::date, ${place.time}, ${place.id}::uuid)`;
  return forward ? sql`${key} > ${at}` : sql`${key} < ${at}`;
}

/**
 * GET /api/events and the events page: the events the member may see, by start date, filtered by
 * title, by her part in them or by days, a bounded page at a time (a club's history of thousands
 * of events is never read whole). With `upcoming` the first page starts at today and
 * `previousCursor` pages back through the past.
 */
export async function listEvents(
  ctx: { db: Queryable; user: Viewer; config: { timeZone: string }; answerIsPersonal?: (() => void) | undefined },
  filter: EventListFilter = {},
) {
  // Her events, seats and invitations are read by her id: such a list is hers alone.
  if (filter.mine) ctx.answerIsPersonal?.();
  const limit = filter.limit ?? EVENTS_PAGE_DEFAULT;
  const ascending = filter.sort !== "desc";
  const windowed = Boolean(filter.from || filter.to);
  // The first page of `upcoming` starts where today starts; a day range has its own beginning.
  const place: Place | null = filter.cursor
    ? decodePlace(filter.cursor)
    : filter.upcoming && ascending && !windowed
      ? { side: "n", date: todayIn(ctx.config.timeZone), time: null, id: null }
      : null;
  // Pages before a place are read from it backwards, then put back in the list's order.
  const forward = place?.side !== "p";
  const keysGrow = ascending === forward;
  const order = keysGrow ? asc : desc;
  const filters = and(
    visibleEvents(ctx.user),
    filter.search ? ilike(events.title, `%${escapeLike(filter.search)}%`) : undefined,
    filter.mine ? MINE[filter.mine](ctx.user.id) : undefined,
    filter.host ? isCreatedBy(filter.host) : undefined,
    filter.to ? lte(events.eventDate, filter.to) : undefined,
    filter.from ? sql`coalesce(${events.endDate}, ${events.eventDate}) >= ${filter.from}::date` : undefined,
  );
  const rowsQuery = ctx.db
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
    .where(and(filters, place ? beyond(place, keysGrow) : undefined))
    .orderBy(order(events.eventDate), order(events.startTime), order(events.id))
    // One more than the page: whether anything lies beyond it.
    .limit(limit + 1);
  // The first page of `upcoming` says whether the past holds anything for it (one index probe).
  const pastQuery =
    place && !filter.cursor
      ? ctx.db
          .select({ one: sql<number>`1` })
          .from(events)
          .where(and(filters, beyond(place, !ascending)))
          .limit(1)
      : undefined;
  const [rows, past] = await Promise.all([rowsQuery, pastQuery]);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  const first = page[0]?.event;
  const last = page.at(-1)?.event;
  let nextCursor: string | null;
  let previousCursor: string | null;
  if (forward) {
    nextCursor = more && last ? encodePlace(placeOf("n", last)) : null;
    // Before a page fetched after a place lies at least the event of that place.
    previousCursor = filter.cursor
      ? first
        ? encodePlace(placeOf("p", first))
        : encodePlace({ ...(place as Place), side: "p" })
      : past?.length && place
        ? encodePlace({ ...place, side: "p" })
        : null;
  } else {
    previousCursor = more && first ? encodePlace(placeOf("p", first)) : null;
    // After a page read backwards lies at least the page it was read from: a refetch of the pages
    // starts at the earliest one and follows the next cursors to the others.
    nextCursor = last ? encodePlace(placeOf("n", last)) : null;
  }
  // A list of its own on each card: one array shared by every card is an object met many times,
  // which the answer's serialiser must then record as such (superjson's referential equalities).
  const noNames = (): { user_id: string; name: string }[] => [];
  const series = await seriesLinks(
    ctx.db,
    page.map((r) => r.event),
  );
  const items = page.map(({ event, ...counts }) =>
    withRsvpSummary(
      {
        ...toEventListItem(event, ctx.user),
        // A date of a repeating event names its series (no key for an event that does not repeat).
        ...withSeries(event, series),
        participants: noNames(),
        participant_count: counts.going,
      },
      event,
      counts,
      ctx.config.timeZone,
    ),
  );
  return { items, nextCursor, previousCursor };
}

const withSeries = (e: Event, series: Map<string, SeriesLink>): { series?: SeriesLink } => {
  const link = e.seriesId ? series.get(e.seriesId) : undefined;
  return link ? { series: link } : {};
};

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
