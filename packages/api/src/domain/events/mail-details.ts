import type { Event } from "@club/db";
import type { EventMailDetails } from "@club/mail";
import { formatLongDate, formatTimeRange } from "@club/shared";
import { addToCalendarUrl, placeOf } from "./calendar";

export function eventMailDetails(e: Event, appOrigin: string, timeZone: string): EventMailDetails {
  return {
    title: e.title,
    when: e.endDate ? `${formatLongDate(e.eventDate)} to ${formatLongDate(e.endDate)}` : formatLongDate(e.eventDate),
    time: formatTimeRange(e.startTime, e.endTime),
    place: placeOf(e),
    description: e.description,
    eventUrl: `${appOrigin}/events/${e.slug}`,
    calendarUrl: addToCalendarUrl(e, timeZone),
  };
}
