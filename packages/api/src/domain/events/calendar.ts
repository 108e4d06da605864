import { countryName, eventTypeLabel, type NormalizedEvent, wallClockIn } from "@club/shared";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { createEvent, type EventAttributes } from "ics";

/** What calendars need of an event (a stored event has all of it). */
export type CalendarEvent = Pick<
  NormalizedEvent,
  | "title"
  | "description"
  | "eventDate"
  | "endDate"
  | "startTime"
  | "endTime"
  | "isPhysical"
  | "location"
  | "city"
  | "state"
  | "zipCode"
  | "country"
  | "virtualLink"
  | "type"
>;

/**
 * The instant a wall-clock date and time in a zone stands for. TZDate costs about 50 µs a call
 * (the zone's offset is worked out through Intl each time), which made a list of 200 events spend
 * most of its time here; a club has few distinct event times, so the answers are kept.
 */
const instants = new Map<string, number>();
function instantOf(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone} ${date} ${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    // A part missing from a malformed value is NaN, and the instant an Invalid Date.
    const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split("-").map(Number);
    const [hh = Number.NaN, mm = Number.NaN] = time.split(":").map(Number);
    ms = new TZDate(y, m - 1, d, hh, mm, timeZone).getTime();
    if (instants.size >= 10_000) instants.clear();
    instants.set(key, ms);
  }
  return new Date(ms);
}

/** "2026-12-01T18:00", wall-clock in the zone, as an instant. */
export const wallClockInstant = (dateTime: string, timeZone: string): Date =>
  instantOf(dateTime.slice(0, 10), dateTime.slice(11, 16), timeZone);

/** Today in the zone, as a day of its calendar ("2026-12-01"). */
export const todayIn = (timeZone: string): string => format(new TZDate(Date.now(), timeZone), "yyyy-MM-dd");

/** When the day after this one ("2026-12-01", a day of the zone's calendar) begins, as an instant. */
export function dayAfter(day: string, timeZone: string): Date {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d + 1, timeZone).getTime());
}

/** An instant as the zone's wall clock, "2026-12-01T18:00" (the form the wizard reads and writes). */
export const wallClockOf = (instant: Date, timeZone: string): string => wallClockIn(timeZone, instant);

/** The event's start and end as instants: its dates and times are wall-clock in the club's zone. */
export function eventInstants(e: CalendarEvent, timeZone: string): { start: Date; end: Date } {
  return {
    start: instantOf(e.eventDate, e.startTime, timeZone),
    end: instantOf(e.endDate ?? e.eventDate, e.endTime, timeZone),
  };
}

export function placeOf(e: CalendarEvent): string {
  if (!e.isPhysical) return e.virtualLink ?? "Online";
  return [e.location, e.city, e.state, e.zipCode, countryName(e.country)].filter(Boolean).join(", ");
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Google Calendar's template URL: title, start/end in UTC, details and location. */
export function addToCalendarUrl(e: CalendarEvent, timeZone: string): string {
  const { start, end } = eventInstants(e, timeZone);
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: e.title,
    dates: `${utcStamp(start)}/${utcStamp(end)}`,
    details: `${eventTypeLabel(e.type)}: ${e.description}`,
    location: placeOf(e),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * The event's calendar UID: the same in every .ics the club sends (confirmation, reminder, change,
 * cancellation) and in the calendar feed, so a calendar keeps one entry per event.
 */
export function eventUid(e: { id: string }, appOrigin: string): string {
  return `${e.id}@${new URL(appOrigin).hostname}`;
}

/** What a calendar needs to keep one entry per event: its UID and how often it changed. */
export interface IcsIdentity {
  uid: string;
  sequence: number;
  /** A cancelled event is sent as CANCELLED (with METHOD:CANCEL), so calendars remove it. */
  cancelled?: boolean;
}

/** The event as calendars take it: shared by the .ics files and the feed. */
export function icsAttributes(e: CalendarEvent, timeZone: string, url: string, id: IcsIdentity): EventAttributes {
  const { start, end } = eventInstants(e, timeZone);
  return {
    start: start.getTime(),
    end: end.getTime(),
    title: e.title,
    description: e.description,
    location: placeOf(e),
    url,
    uid: id.uid,
    sequence: id.sequence,
    status: id.cancelled ? "CANCELLED" : "CONFIRMED",
    productId: "club/events",
  };
}

/** An .ics file for the event (RFC 5545), for any calendar application. */
export function icsFile(e: CalendarEvent, timeZone: string, url: string, id: IcsIdentity): string {
  const { error, value } = createEvent({
    ...icsAttributes(e, timeZone, url, id),
    method: id.cancelled ? "CANCEL" : "PUBLISH",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return value;
}
