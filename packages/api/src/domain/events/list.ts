import { type Event, eventParticipants, events, eventWaitlist, media, type Queryable } from "@club/db";
import { and, asc, desc, eq, exists, ilike, type Placeholder, type SQL, sql } from "@club/db/orm";
import { EVENTS_PAGE_DEFAULT, isCalendarDay, type MyEventFilter, rowId } from "@club/shared";
import { z } from "zod";
import { cursorOf } from "../../lib/cursor";
import { escapeLike } from "../../lib/like";
import { preparedOnce } from "../../lib/prepared";
import {
  hasInvitationFor,
  hasParticipant,
  isCreatedBy,
  type Viewer,
  type ViewerKind,
  viewerKind,
  viewerPlaceholder,
  viewerValues,
  visibleEvents,
} from "../access";
import { dayAfter, todayIn } from "./calendar";
import { type EventListItem, toEventListItem } from "./queries";
import { type RsvpCounts, type RsvpSummary, rsvpClosesAt, rsvpSummary, usesRsvp, usesRsvpCondition } from "./rsvp";
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

const MINE: Record<MyEventFilter, (userId: Placeholder) => SQL> = {
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

const p = sql.placeholder;

/** Which side of a place a page starts: none, the start of a day, or an event's key. */
type PlaceShape = "none" | "day" | "key";
const placeShape = (place: Place | null): PlaceShape =>
  !place ? "none" : place.time === null || place.id === null ? "day" : "key";

/**
 * The events beyond a place (the placeholders `placeDate`, `placeTime`, `placeId`), in the
 * direction `forward` (growing keys) or not. Written as one row comparison, which the index
 * answers as a range (spelt out with `or`, Postgres reads every row back to that point).
 */
function beyond(shape: Exclude<PlaceShape, "none">, forward: boolean): SQL {
  if (shape === "day") {
    return forward
      ? sql`${events.eventDate} >= ${p("placeDate")}::date`
      : sql`${events.eventDate} < ${p("placeDate")}::date`;
  }
  const key = sql`(${events.eventDate}, ${events.startTime}, ${events.id})`;
  const at = sql`(${p("placeDate")}::date, ${p("placeTime")}, ${p("placeId")}::uuid)`;
  return forward ? sql`${key} > ${at}` : sql`${key} < ${at}`;
}

/** What a list's two queries are built from: every filter's presence, none of its values. */
interface ListShape {
  kind: ViewerKind;
  search: boolean;
  mine: MyEventFilter | null;
  host: boolean;
  from: boolean;
  to: boolean;
  place: PlaceShape;
  keysGrow: boolean;
}

/** The filters of a list's shape, with placeholders for their values (given by `listEvents`). */
function listFilters(shape: ListShape): SQL | undefined {
  const viewerId = p("viewerId");
  return and(
    visibleEvents(viewerPlaceholder(shape.kind)),
    shape.search ? ilike(events.title, p("search")) : undefined,
    shape.mine ? MINE[shape.mine](viewerId) : undefined,
    shape.host ? isCreatedBy(p("host")) : undefined,
    shape.to ? sql`${events.eventDate} <= ${p("to")}::date` : undefined,
    shape.from ? sql`coalesce(${events.endDate}, ${events.eventDate}) >= ${p("from")}::date` : undefined,
  );
}

/** An event with what its card counts: the columns a card is made from (`cardsOf`). */
export const cardColumns = {
  event: events,
  // Counted per listed event on the (event_id, user_id) key, not over every participation.
  going: sql<number>`(select count(*) from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id})::int`,
  guests: countedIfRsvp(
    sql`(select coalesce(sum(${eventParticipants.guests}), 0) from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id})`,
  ),
  waiting: countedIfRsvp(sql`(select count(*) from ${eventWaitlist} where ${eventWaitlist.eventId} = ${events.id})`),
};

/** A page of events with their counts, and one more than the page: whether anything lies beyond it. */
function rowsQuery(db: Queryable, shape: ListShape) {
  const order = shape.keysGrow ? asc : desc;
  return db
    .select(cardColumns)
    .from(events)
    .where(and(listFilters(shape), shape.place === "none" ? undefined : beyond(shape.place, shape.keysGrow)))
    .orderBy(order(events.eventDate), order(events.startTime), order(events.id))
    .limit(p("limit"))
    .prepare("events_list");
}

/** Whether anything lies on the other side of the first page's place (one index probe). */
function pastQuery(db: Queryable, shape: ListShape & { place: Exclude<PlaceShape, "none"> }, ascending: boolean) {
  return db
    .select({ one: sql<number>`1` })
    .from(events)
    .where(and(listFilters(shape), beyond(shape.place, !ascending)))
    .limit(1)
    .prepare("events_list_past");
}

/**
 * GET /api/events and the events page: the events the member may see, by start date, filtered by
 * title, by her part in them or by days, a bounded page at a time (a club's history of thousands
 * of events is never read whole). With `upcoming` the first page starts at today and
 * `previousCursor` pages back through the past.
 */
export async function listEvents(
  ctx: {
    db: Queryable;
    user: Viewer;
    config: { timeZone: string };
    answerIsPersonal?: (() => void) | undefined;
    answerReadsSeatsOf?: ((eventIds: readonly string[]) => void) | undefined;
    answerChangesAt?: ((instant: Date) => void) | undefined;
  },
  filter: EventListFilter = {},
) {
  // Her events, seats and invitations are read by her id: such a list is hers alone.
  if (filter.mine) ctx.answerIsPersonal?.();
  const limit = filter.limit ?? EVENTS_PAGE_DEFAULT;
  const ascending = filter.sort !== "desc";
  const windowed = Boolean(filter.from || filter.to);
  // The first page of `upcoming` starts where today starts; a day range has its own beginning.
  const today = !filter.cursor && filter.upcoming && ascending && !windowed ? todayIn(ctx.config.timeZone) : null;
  const place: Place | null = filter.cursor
    ? decodePlace(filter.cursor)
    : today
      ? { side: "n", date: today, time: null, id: null }
      : null;
  // The next day the same list starts a day later.
  if (today) ctx.answerChangesAt?.(dayAfter(today, ctx.config.timeZone));
  // Pages before a place are read from it backwards, then put back in the list's order.
  const forward = place?.side !== "p";
  const keysGrow = ascending === forward;
  // Built once per shape (preparedOnce): drizzle's walk of the visibility condition and the counts
  // cost more than the query itself.
  const shape: ListShape = {
    kind: viewerKind(ctx.user),
    search: Boolean(filter.search),
    mine: filter.mine ?? null,
    host: Boolean(filter.host),
    from: Boolean(filter.from),
    to: Boolean(filter.to),
    place: placeShape(place),
    keysGrow,
  };
  const values = {
    ...viewerValues(ctx.user),
    search: filter.search ? `%${escapeLike(filter.search)}%` : undefined,
    host: filter.host,
    from: filter.from,
    to: filter.to,
    placeDate: place?.date,
    placeTime: place?.time ?? undefined,
    placeId: place?.id ?? undefined,
  };
  const key = JSON.stringify(shape);
  const rowsOf = preparedOnce(ctx.db, `events.list ${key}`, () => rowsQuery(ctx.db, shape));
  // The first page of `upcoming` says whether the past holds anything for it.
  const pastOf =
    place && !filter.cursor
      ? preparedOnce(ctx.db, `events.list past ${key} ${ascending}`, () =>
          pastQuery(ctx.db, { ...shape, place: placeShape(place) as Exclude<PlaceShape, "none"> }, ascending),
        )
      : undefined;
  const [rows, past] = await Promise.all([rowsOf.execute({ ...values, limit: limit + 1 }), pastOf?.execute(values)]);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  // The counts are read per listed event (the row past the page's end is not shown): an RSVP to
  // an event not on this page leaves its answer as it is.
  ctx.answerReadsSeatsOf?.(page.map((r) => r.event.id));
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
  // One instant for every card's "closed" and for when it changes, so none can fall between the two.
  const now = new Date();
  const items = await cardsOf(ctx, page, now);
  return { items, nextCursor, previousCursor };
}

/** An event's card in a list: the event, its count of members going, its series and its seats. */
export type EventCard = EventListItem & {
  participants: { user_id: string; name: string }[];
  participant_count: number;
  series?: SeriesLink;
  rsvp?: RsvpSummary;
  /** Only in a list of changes (`changedEvents`). */
  updated_at?: Date;
};

/**
 * The cards of these rows (`cardColumns`), their series read at once, their RSVP blocks as at
 * `now`; each block says whether its deadline has passed, so the answer changes when one does.
 */
export async function cardsOf(
  ctx: {
    db: Queryable;
    user: Viewer;
    config: { timeZone: string };
    answerChangesAt?: ((instant: Date) => void) | undefined;
  },
  rows: ({ event: Event } & RsvpCounts)[],
  now: Date,
): Promise<EventCard[]> {
  const series = await seriesLinks(
    ctx.db,
    rows.map((r) => r.event),
  );
  if (ctx.answerChangesAt) {
    for (const { event } of rows) {
      const closesAt = rsvpClosesAt(event, now);
      if (closesAt) ctx.answerChangesAt(closesAt);
    }
  }
  return rows.map((row) => eventCard(row, series, ctx.user, ctx.config.timeZone, now));
}

/** Keys added to one object, never spread into another (toEventListItem says why). */
function eventCard(
  row: { event: Event } & RsvpCounts,
  series: Map<string, SeriesLink>,
  viewer: Viewer,
  timeZone: string,
  now: Date,
): EventCard {
  const { event } = row;
  const card: EventCard = Object.assign(toEventListItem(event, viewer), {
    // A list of its own on each card: one array shared by every card is an object met many times,
    // which the answer's serialiser must then record as such (superjson's referential equalities).
    participants: [],
    participant_count: row.going,
  });
  // A date of a repeating event names its series (no key for an event that does not repeat).
  const link = event.seriesId ? series.get(event.seriesId) : undefined;
  if (link) card.series = link;
  if (usesRsvp(event)) card.rsvp = rsvpSummary(event, row, timeZone, now);
  return card;
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
