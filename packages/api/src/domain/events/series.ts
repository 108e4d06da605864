/**
 * Repeating events: an RFC 5545 rule (RRULE) read and expanded by `@club/shared` (the one reading
 * the web form and `club seed --check` use too), to the dates of a series. Dates are days on the
 * club's calendar: each date's event keeps the form's wall-clock times, so a series at 18:00 stays
 * at 18:00 across daylight-saving changes (the instants move).
 */
import { type Event, eventParticipants, eventSeries, events, eventWaitlist, type Queryable } from "@club/db";
import { and, asc, eq, inArray, sql } from "@club/db/orm";
import { readRepeatRule, repeatDates, repeatRuleText } from "@club/shared";
import { addDays, differenceInCalendarDays, parseISO } from "date-fns";
import * as rrulePackage from "rrule";
import { badRequest } from "../../errors";
import { type Viewer, visibleEvents } from "../access";

// rrule (kept for its sentences, never to expand a rule) gives Node its CommonJS build, whose names
// an ES module reaches only through `default`, and bundlers and the tests its ES build.
const { RRule } = ("default" in rrulePackage ? rrulePackage.default : rrulePackage) as typeof rrulePackage;

/** A date as date-fns wants it: that day at midnight UTC, standing for the club's day. */
const ruleDay = (day: string) => parseISO(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The series' dates (yyyy-MM-dd) from the event's date on: the first is the first day on or after
 * `from` that the rule gives (a calendar's DTSTART is always one of its dates). A 400 in words when
 * the rule is not valid, has no end, gives more than 200 dates or none, or goes on past 20 years.
 */
export function seriesDates(rule: string, from: string): string[] {
  const reading = repeatDates(rule, from);
  if (!reading.ok) throw badRequest(reading.problem);
  return reading.dates;
}

/**
 * A stored series' dates, for its calendars; undefined when its rule no longer reads (a series
 * made with the `rrule` library before December 2026 may have a rule the club refuses now, or go
 * on past 20 years): its calendar then lists its dates one by one rather than fail.
 */
export function storedSeriesDates(rule: string, from: string): string[] | undefined {
  const reading = repeatDates(rule, from);
  return reading.ok ? reading.dates : undefined;
}

/** The rule as it is stored and sent in calendars: upper case, without "RRULE:", canonical order. */
export function canonicalRule(rule: string): string {
  const reading = readRepeatRule(rule);
  if (!reading.ok) throw badRequest(reading.problem);
  return repeatRuleText(reading.rule);
}

/** How the series repeats, in words: "Repeats every month on the 2nd Tuesday, 6 times". */
export function seriesSummary(rule: string): string {
  try {
    const words = new RRule(RRule.parseString(rule)).toText();
    return `Repeats ${words.replace(/ for (\d+) times?$/, ", $1 times")}`;
  } catch {
    return "Repeats";
  }
}

/** A form field's day moved by `days` (a multi-day event's end, the RSVP deadline's day). */
export function shiftDay(day: string, days: number): string {
  return dayOf(addDays(ruleDay(day), days));
}

/** Days from one date to another. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(ruleDay(to), ruleDay(from));
}

/** A series as an event's card names it. */
export interface SeriesLink {
  id: string;
  summary: string;
}

/** The series of these events, by id, each with how it repeats (one query for a page of cards). */
export async function seriesLinks(
  db: Queryable,
  list: readonly Pick<Event, "seriesId">[],
): Promise<Map<string, SeriesLink>> {
  const ids = [...new Set(list.flatMap((e) => (e.seriesId ? [e.seriesId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: eventSeries.id, rule: eventSeries.rule })
    .from(eventSeries)
    .where(inArray(eventSeries.id, ids));
  return new Map(rows.map((r) => [r.id, { id: r.id, summary: seriesSummary(r.rule) }]));
}

/** One date of a series, as the event's page links to it, with where the viewer stands on it. */
export interface SeriesDate {
  id: string;
  slug: string;
  event_date: string;
  start_time: string;
  me: "going" | "waitlist" | null;
}

/** A series on an event's page: how it repeats, and each of its dates the viewer may see, in order. */
export async function seriesOfEvent(
  db: Queryable,
  viewer: Viewer & { id: string },
  e: Pick<Event, "seriesId">,
): Promise<(SeriesLink & { dates: SeriesDate[] }) | undefined> {
  if (!e.seriesId) return undefined;
  const [link] = (await seriesLinks(db, [e])).values();
  if (!link) return undefined;
  // Where she stands on each date: what "Join the series" and "Leave the series" have left to do.
  const me = sql<SeriesDate["me"]>`case
    when exists (select 1 from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id} and ${eventParticipants.userId} = ${viewer.id}) then 'going'
    when exists (select 1 from ${eventWaitlist} where ${eventWaitlist.eventId} = ${events.id} and ${eventWaitlist.userId} = ${viewer.id}) then 'waitlist'
  end`;
  const dates = await db
    .select({ id: events.id, slug: events.slug, event_date: events.eventDate, start_time: events.startTime, me })
    .from(events)
    .where(and(eq(events.seriesId, e.seriesId), visibleEvents(viewer)))
    .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id));
  return Object.assign(link, { dates });
}
