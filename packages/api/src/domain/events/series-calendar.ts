/**
 * A series in calendars: one recurring VEVENT (the series' RRULE from its first date, at the
 * club's wall-clock time under its TZID, so 18:00 stays 18:00 across daylight-saving changes), an
 * EXDATE for each of its dates the calendar does not carry (cancelled, or not hers), and a VEVENT
 * with a RECURRENCE-ID for each date that differs from the others (moved or edited alone). A
 * calendar tells nothing of the dates its reader may not see: the rule ends at her last date, and
 * when a date hidden from her lies between two of hers, her dates go as events of their own. The
 * `ics` package writes single events but has no TZID or RECURRENCE-ID, so these are written with
 * ical.js and the zone's VTIMEZONE comes from timezones-ical-library.
 */
import { type Event, eventSeries, events, type Queryable } from "@club/db";
import { and, eq, inArray } from "@club/db/orm";
import ICAL from "ical.js";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { hiddenEvents, type Viewer, visibleEvents } from "../access";
import { eventUid, placeOf, wallClockInstant } from "./calendar";
import { eventUrlOf } from "./mail-details";
import { daysBetween, shiftDay, storedSeriesDates } from "./series";

/**
 * A series as the calendar writes it: its rule and first date, its dates this calendar carries,
 * and the days where the rule put a date its reader may not see (`hiddenDays`, by `hiddenSeriesDays`).
 */
export interface CalendarSeries {
  id: string;
  rule: string;
  startsOn: string;
  dates: Event[];
  hiddenDays?: readonly string[];
}

interface Club {
  appOrigin: string;
  timeZone: string;
}

/** The series' calendar UID: one entry in a calendar, whatever happens to its dates. */
export function seriesUid(seriesId: string, appOrigin: string): string {
  return `series-${seriesId}@${new URL(appOrigin).hostname}`;
}

/** The club's zone as a VTIMEZONE, which each TZID of a series names. */
export function zoneComponent(timeZone: string): ICAL.Component {
  const [block] = tzlib_get_ical_block(timeZone);
  if (!block) throw new Error(`No calendar zone for ${timeZone}.`);
  return new ICAL.Component(ICAL.parse(block) as unknown[]);
}

/** A day and a wall-clock time as a property in the club's zone (DTSTART;TZID=…:20270112T180000). */
function localTime(name: string, day: string, time: string, timeZone: string): ICAL.Property {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const property = new ICAL.Property(name);
  property.setParameter("tzid", timeZone);
  property.setValue(ICAL.Time.fromData({ year, month, day: date, hour, minute, second: 0, isDate: false }));
  return property;
}

/**
 * The rule as calendars read it. The club reads UNTIL as a day of its calendar (a date on that day
 * is in the series); a calendar compares it with each start as an instant, so it becomes the end of
 * that day in the club's zone (RFC 5545 wants UTC there when DTSTART has a TZID).
 */
function calendarRule(rule: string, timeZone: string): ICAL.Recur {
  const recur = ICAL.Recur.fromString(rule);
  if (recur.until) {
    const { year, month, day } = recur.until;
    const lastDay = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    recur.until = ICAL.Time.fromJSDate(wallClockInstant(`${lastDay}T23:59`, timeZone), true);
  }
  return recur;
}

/** What a date shows that the series' other dates may not: its text, times, length and place. */
const lookOf = (e: Event) =>
  JSON.stringify([
    e.title,
    e.description,
    e.startTime,
    e.endTime,
    e.endDate ? daysBetween(e.eventDate, e.endDate) : 0,
    placeOf(e),
    e.exclusivity,
  ]);

/** Where the rule put a date (a date created with the series always has it). */
const ruleDay = (e: Event) => e.seriesDate ?? e.eventDate;

/** The components of one date: its times, text and place (shared by the series and its exceptions). */
function withDetails(vevent: ICAL.Component, e: Event, club: Club): void {
  vevent.addProperty(localTime("dtstart", e.eventDate, e.startTime, club.timeZone));
  vevent.addProperty(localTime("dtend", e.endDate ?? e.eventDate, e.endTime, club.timeZone));
  vevent.addPropertyWithValue("summary", e.title);
  vevent.addPropertyWithValue("description", e.description);
  vevent.addPropertyWithValue("location", placeOf(e));
  vevent.addPropertyWithValue("url", eventUrlOf(e, club.appOrigin));
  vevent.addPropertyWithValue("status", "CONFIRMED");
  vevent.addPropertyWithValue("sequence", e.sequence);
  vevent.addPropertyWithValue("dtstamp", ICAL.Time.fromJSDate(new Date(), true));
}

/**
 * The series' VEVENTs: the recurring one, then one per date that differs from it. Undefined when
 * the calendar carries none of its dates.
 */
export function seriesComponents(series: CalendarSeries, club: Club): ICAL.Component[] {
  const dates = [...series.dates].sort((a, b) => ruleDay(a).localeCompare(ruleDay(b)));
  // The series looks like its first date still where the rule put it (else its first date).
  const model = dates.find((e) => e.eventDate === ruleDay(e)) ?? dates[0];
  if (!model) return [];
  const carried = new Map(dates.map((e) => [ruleDay(e), e]));
  const eachAlone = () =>
    dates.map((e) => {
      const vevent = new ICAL.Component("vevent");
      vevent.addPropertyWithValue("uid", eventUid(e, club.appOrigin));
      withDetails(vevent, e, club);
      return vevent;
    });
  // A rule the club no longer reads (stored before its reader): her dates, each as it is.
  const allDays = storedSeriesDates(series.rule, series.startsOn);
  if (!allDays) return eachAlone();
  // The rule's dates up to her last one: later ones are not hers to hear of.
  const last = Math.max(...dates.map((e) => allDays.indexOf(ruleDay(e))));
  const ruleDays = last >= 0 ? allDays.slice(0, last + 1) : allDays;
  // A date hidden from her between two of hers: an EXDATE would tell her when it is. Her dates
  // go as events of their own instead (a calendar has no other way to leave a date out unseen).
  const hidden = new Set(series.hiddenDays ?? []);
  if (ruleDays.some((day) => hidden.has(day) && !carried.has(day))) return eachAlone();
  const uid = seriesUid(series.id, club.appOrigin);
  const master = new ICAL.Component("vevent");
  master.addPropertyWithValue("uid", uid);
  // The rule starts on the series' first date, at the model's times (and length).
  const endDate = model.endDate ? shiftDay(series.startsOn, daysBetween(model.eventDate, model.endDate)) : null;
  withDetails(master, { ...model, eventDate: series.startsOn, endDate }, club);
  master.updatePropertyWithValue("url", eventUrlOf(model, club.appOrigin));
  const rule = calendarRule(series.rule, club.timeZone);
  if (ruleDays.length < allDays.length) {
    rule.count = ruleDays.length;
    rule.until = null;
  }
  master.addPropertyWithValue("rrule", rule);
  for (const day of ruleDays) {
    if (!carried.has(day)) master.addProperty(localTime("exdate", day, model.startTime, club.timeZone));
  }
  const exceptions = dates
    .filter((e) => e.eventDate !== ruleDay(e) || lookOf(e) !== lookOf(model))
    .map((e) => {
      const vevent = new ICAL.Component("vevent");
      vevent.addPropertyWithValue("uid", uid);
      vevent.addProperty(localTime("recurrence-id", ruleDay(e), model.startTime, club.timeZone));
      withDetails(vevent, e, club);
      return vevent;
    });
  // A change to any date raises the series' SEQUENCE, so calendars take the new version.
  const sequence = Math.max(...dates.map((e) => e.sequence));
  master.updatePropertyWithValue("sequence", sequence);
  return [master, ...exceptions];
}

/**
 * A calendar with the series in it: `calendarText` (one the `ics` package wrote, or none) gets the
 * club's VTIMEZONE and each series' components.
 */
export function withSeries(calendarText: string, series: CalendarSeries[], club: Club): string {
  const components = series.flatMap((s) => seriesComponents(s, club));
  if (components.length === 0) return calendarText;
  const calendar = new ICAL.Component(ICAL.parse(calendarText) as unknown[]);
  calendar.addSubcomponent(zoneComponent(club.timeZone));
  for (const c of components) calendar.addSubcomponent(c);
  return calendar.toString();
}

/** A calendar with no event yet (the `ics` package refuses an empty list). */
export const EMPTY_CALENDAR =
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:club/events\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:The Club\r\nEND:VCALENDAR\r\n";

/**
 * Where the rule put the dates of these series that the viewer may not see (an invitation-only date
 * she is not invited to), by series: a calendar of hers must not tell of them.
 */
export async function hiddenSeriesDays(
  db: Queryable,
  viewer: Viewer,
  seriesIds: readonly string[],
): Promise<Map<string, string[]>> {
  const hidden = hiddenEvents(viewer);
  const days = new Map<string, string[]>();
  if (!hidden || seriesIds.length === 0) return days;
  const rows = await db
    .select({ seriesId: events.seriesId, eventDate: events.eventDate, seriesDate: events.seriesDate })
    .from(events)
    .where(and(inArray(events.seriesId, [...seriesIds]), hidden));
  for (const r of rows) {
    if (!r.seriesId) continue;
    days.set(r.seriesId, [...(days.get(r.seriesId) ?? []), r.seriesDate ?? r.eventDate]);
  }
  return days;
}

/** A date's .ics download when it belongs to a series: the series, with the dates she may see. */
export async function seriesCalendarFile(db: Queryable, viewer: Viewer, e: Event, club: Club): Promise<string> {
  if (!e.seriesId) throw new Error("Not a date of a series.");
  const [series] = await db
    .select({ id: eventSeries.id, rule: eventSeries.rule, startsOn: eventSeries.startsOn })
    .from(eventSeries)
    .where(eq(eventSeries.id, e.seriesId));
  if (!series) throw new Error("The series of a date is gone.");
  const dates = await db
    .select()
    .from(events)
    .where(and(eq(events.seriesId, series.id), visibleEvents(viewer)));
  const hiddenDays = (await hiddenSeriesDays(db, viewer, [series.id])).get(series.id);
  return withSeries(EMPTY_CALENDAR, [{ ...series, dates, hiddenDays }], club);
}
