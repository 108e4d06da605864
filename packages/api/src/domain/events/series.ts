/**
 * Repeating events: an RFC 5545 rule (RRULE) read with the `rrule` library, expanded to the dates
 * of a series. Dates are days on the club's calendar: each date's event keeps the form's wall-clock
 * times, so a series at 18:00 stays at 18:00 across daylight-saving changes (the instants move).
 */
import { type Event, eventParticipants, eventSeries, events, eventWaitlist, type Queryable } from "@club/db";
import { and, asc, eq, inArray, sql } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import { addDays, differenceInCalendarDays, parseISO } from "date-fns";
import type { Options } from "rrule";
import * as rrulePackage from "rrule";
import { badRequest } from "../../errors";
import { type Viewer, visibleEvents } from "../access";

// rrule gives Node its CommonJS build, whose names an ES module reaches only through `default`,
// and bundlers and the tests its ES build: take the library from either.
const { Frequency, RRule } = ("default" in rrulePackage ? rrulePackage.default : rrulePackage) as typeof rrulePackage;

/** The most dates one series may have. */
export const MAX_SERIES_DATES = 200;

const FREQUENCIES = new Set([Frequency.DAILY, Frequency.WEEKLY, Frequency.MONTHLY, Frequency.YEARLY]);

/** A date as the rule library wants it: that day at midnight UTC, standing for the club's day. */
const ruleDay = (day: string) => parseISO(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The rule's options, or a 400 saying what is wrong with it: not a rule, a frequency finer than a
 * day, a DTSTART or times of its own (the event's date and times are the series'), no end.
 */
function ruleOptions(rule: string): Partial<Options> {
  const text = rule
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, "");
  if (!text) throw badRequest("The repeat rule is empty.");
  if (/(^|;)\s*DTSTART/i.test(text) || /\n/.test(text))
    throw badRequest("Leave DTSTART out of the repeat rule: the series starts on the event's date.");
  let options: Partial<Options>;
  try {
    options = RRule.parseString(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw badRequest(`The repeat rule "${text}" is not valid (${why}), e.g. FREQ=MONTHLY;BYDAY=2TU;COUNT=6.`);
  }
  if (options.freq === undefined) throw badRequest("The repeat rule needs a FREQ, e.g. FREQ=WEEKLY;COUNT=8.");
  if (!FREQUENCIES.has(options.freq))
    throw badRequest("An event repeats daily, weekly, monthly or yearly (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY).");
  if (hasAny(options.byhour) || hasAny(options.byminute) || hasAny(options.bysecond))
    throw badRequest("A repeat rule gives days; the times are the event's (leave out BYHOUR, BYMINUTE, BYSECOND).");
  if (!options.count && !options.until)
    throw badRequest(
      `A repeating event needs an end: a number of times (COUNT, at most ${MAX_SERIES_DATES}) or a last date (UNTIL).`,
    );
  if (options.count !== undefined && options.count !== null && options.count > MAX_SERIES_DATES)
    throw badRequest(`A series has at most ${MAX_SERIES_DATES} dates; COUNT=${options.count} asks for more.`);
  return options;
}

const hasAny = (v: unknown) => v !== undefined && v !== null && (!Array.isArray(v) || v.length > 0);

/**
 * The series' dates (yyyy-MM-dd) from the event's date on: the first is the first day on or after
 * `from` that the rule gives (a calendar's DTSTART is always one of its dates). A 400 when the rule
 * is not valid, has no end, gives more than 200 dates, or none.
 */
export function seriesDates(rule: string, from: string): string[] {
  const options = ruleOptions(rule);
  if (options.until && dayOf(options.until) < from)
    throw badRequest(`The series ends (UNTIL ${dayOf(options.until)}) before the event's date, ${from}.`);
  const rrule = new RRule({ ...options, dtstart: ruleDay(from), tzid: null });
  // One more than allowed, to tell "too many" from "just enough" without expanding the rest.
  const dates = [...new Set(rrule.all((_, i) => i <= MAX_SERIES_DATES).map(dayOf))];
  if (dates.length === 0) throw badRequest("This repeat rule gives no date on or after the event's date.");
  if (dates.length > MAX_SERIES_DATES)
    throw badRequest(`A series has at most ${MAX_SERIES_DATES} dates; this rule gives more. Set an earlier end.`);
  return dates;
}

/**
 * What is wrong with a rule for a series from `from`, in the words its 400 would use; null when it
 * can be used (`club seed --check` says it with the file's line before anything is written).
 */
export function repeatRuleProblem(rule: string, from: string): string | null {
  try {
    seriesDates(rule, from);
    return null;
  } catch (err) {
    if (err instanceof TRPCError) return err.message;
    throw err;
  }
}

/** The rule as it is stored and sent in calendars: upper case, without "RRULE:", canonical order. */
export function canonicalRule(rule: string): string {
  return RRule.optionsToString(ruleOptions(rule)).replace(/^RRULE:/, "");
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
