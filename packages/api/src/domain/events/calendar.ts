import { countryName, eventTypeLabel, type NormalizedEvent } from "@club/shared";
import { TZDate } from "@date-fns/tz";
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

/** The event's start and end as instants: its dates and times are wall-clock in the club's zone. */
export function eventInstants(e: CalendarEvent, timeZone: string): { start: Date; end: Date } {
  const at = (date: string, time: string) => {
    const [y, m, d] = date.split("-").map(Number);
    const [hh, mm] = time.split(":").map(Number);
    return new Date(new TZDate(y!, m! - 1, d!, hh!, mm!, timeZone).getTime());
  };
  return { start: at(e.eventDate, e.startTime), end: at(e.endDate ?? e.eventDate, e.endTime) };
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

/** An .ics file for the event (RFC 5545), for any calendar application. */
export function icsFile(e: CalendarEvent, timeZone: string, url: string): string {
  const { start, end } = eventInstants(e, timeZone);
  const attrs: EventAttributes = {
    start: start.getTime(),
    end: end.getTime(),
    title: e.title,
    description: e.description,
    location: placeOf(e),
    url,
    productId: "club/events",
  };
  const { error, value } = createEvent(attrs);
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return value;
}
