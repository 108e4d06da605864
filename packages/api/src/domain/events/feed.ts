import { generateToken, hashToken } from "@club/auth";
import { calendarFeeds, cancelledEvents, type Event, eventSeries, events, type Queryable } from "@club/db";
import { and, asc, eq, gt, inArray, or, sql } from "@club/db/orm";
import { eventTypeOf } from "@club/shared";
import { createEvents, type EventAttributes } from "ics";
import { z } from "zod";
import { feedCancellations, hasParticipant, type Viewer, visibleEvents } from "../access";
import { RETENTION_DAYS } from "../admin/retention";
import { type CalendarEvent, eventUid, icsAttributes } from "./calendar";
import { eventUrlOf } from "./mail-details";
import { EMPTY_CALENDAR, hiddenSeriesDays, withSeries } from "./series-calendar";

/**
 * A member's private calendar feed (webcal://…/calendar/{secret}.ics): the events she joined and,
 * if she asks, every open event, each under the UID the club's mails use and with its SEQUENCE, so
 * a change updates the entry and a cancellation removes it.
 */
interface Club {
  appOrigin: string;
  timeZone: string;
}

/** How far back the feed reaches, and how many events it carries at most. */
const PAST_DAYS = 90;
const MAX_EVENTS = 1000;

export function feedUrls(appOrigin: string, secret: string) {
  const url = `${appOrigin}/calendar/${secret}.ics`;
  return { url, webcal: url.replace(/^https?:\/\//, "webcal://") };
}

/** A new secret for her feed (the old URL stops working); shown to her once. */
export async function resetFeed(db: Queryable, userId: string, includeOpen: boolean): Promise<string> {
  const secret = generateToken(32);
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(secret), includeOpen })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashToken(secret), includeOpen, createdAt: new Date() },
    });
  return secret;
}

/**
 * The calendar fields of an event that its cancellation keeps: taken from the event when it is
 * deleted, and read back from the database's JSON for the feed.
 */
const cancelledCalendar = z.object({
  title: z.string(),
  description: z.string(),
  eventDate: z.string(),
  endDate: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  isPhysical: z.boolean(),
  location: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  virtualLink: z.string().nullable(),
  type: z.string().transform(eventTypeOf),
  /** A date of a series: its cancellation is an EXDATE of the series, not an entry of its own. */
  seriesId: z.string().nullish(),
}) satisfies z.ZodType<CalendarEvent>;

/** What the club's mails and the feed keep of an event once it is deleted (see `cancelledEvents`). */
export function cancellationOf(e: Event, memberIds: string[]): typeof cancelledEvents.$inferInsert {
  return {
    eventId: e.id,
    exclusivity: e.exclusivity,
    calendar: cancelledCalendar.parse(e),
    slug: e.slug,
    sequence: e.sequence + 1,
    memberIds,
  };
}

/** A series whose dates are in the feed: its rule and first date, and the days of its dates hidden from her. */
export type FeedSeries = Pick<typeof eventSeries.$inferSelect, "id" | "rule" | "startsOn"> & {
  hiddenDays?: readonly string[];
};

/**
 * The feed's text for the member this secret belongs to: single events as they are, each series as
 * one recurring event (series-calendar.ts), whose cancelled dates are among its EXDATEs.
 */
export function feedText(
  club: Club,
  current: Event[],
  cancelled: (typeof cancelledEvents.$inferSelect)[],
  series: FeedSeries[] = [],
): string {
  const ofSeries = new Map(series.map((s) => [s.id, { ...s, dates: [] as Event[] }]));
  const single = current.filter((e) => {
    const own = e.seriesId ? ofSeries.get(e.seriesId) : undefined;
    own?.dates.push(e);
    return !own;
  });
  const singleCancelled = cancelled.filter((c) => !c.calendar || !cancelledCalendar.parse(c.calendar).seriesId);
  return withSeries(singleEvents(club, single, singleCancelled), [...ofSeries.values()], club);
}

function singleEvents(club: Club, current: Event[], cancelled: (typeof cancelledEvents.$inferSelect)[]): string {
  const attrs: EventAttributes[] = [
    ...current.map((e) =>
      icsAttributes(e, club.timeZone, eventUrlOf(e, club.appOrigin), {
        uid: eventUid(e, club.appOrigin),
        sequence: e.sequence,
      }),
    ),
    ...cancelled.map((c) =>
      icsAttributes(cancelledCalendar.parse(c.calendar), club.timeZone, `${club.appOrigin}/calendar`, {
        uid: eventUid({ id: c.eventId }, club.appOrigin),
        sequence: c.sequence,
        cancelled: true,
      }),
    ),
  ];
  // An empty calendar is still a calendar (ics refuses an empty list).
  if (attrs.length === 0) return EMPTY_CALENDAR;
  const { error, value } = createEvents(attrs, { productId: "club/events", method: "PUBLISH", calName: "The Club" });
  if (error || !value) throw error ?? new Error("Could not build the calendar feed.");
  return value;
}

/** The events and cancellations in her feed. */
export async function feedEntries(db: Queryable, viewer: Viewer, includeOpen: boolean) {
  const current = await db
    .select()
    .from(events)
    .where(
      and(
        visibleEvents(viewer),
        includeOpen ? or(hasParticipant(viewer.id), eq(events.exclusivity, "open")) : hasParticipant(viewer.id),
        sql`coalesce(${events.endDate}, ${events.eventDate}) >= current_date - ${PAST_DAYS}::int`,
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.startTime))
    .limit(MAX_EVENTS);
  const cancelled = await db
    .select()
    .from(cancelledEvents)
    .where(
      and(
        gt(cancelledEvents.cancelledAt, sql`now() - make_interval(days => ${RETENTION_DAYS.cancelledEvents}::int)`),
        feedCancellations(viewer, includeOpen),
      ),
    )
    .limit(MAX_EVENTS);
  const seriesIds = [...new Set(current.flatMap((e) => (e.seriesId ? [e.seriesId] : [])))];
  const [rows, hidden] = seriesIds.length
    ? await Promise.all([
        db
          .select({ id: eventSeries.id, rule: eventSeries.rule, startsOn: eventSeries.startsOn })
          .from(eventSeries)
          .where(inArray(eventSeries.id, seriesIds)),
        hiddenSeriesDays(db, viewer, seriesIds),
      ])
    : [[], new Map<string, string[]>()];
  const series: FeedSeries[] = rows.map((s) => ({ ...s, hiddenDays: hidden.get(s.id) }));
  return { current, cancelled, series };
}
