import type { Event, MailAttachment } from "@club/db";
import type { EventMailDetails } from "@club/mail";
import { formatCardDate, formatLongDate, formatTimeRange } from "@club/shared";
import { addToCalendarUrl, eventUid, icsFile, placeOf } from "./calendar";

interface ClubPlace {
  appOrigin: string;
  timeZone: string;
}

export const eventUrlOf = (e: Event, appOrigin: string) => `${appOrigin}/events/${e.slug}`;

export function eventMailDetails(e: Event, appOrigin: string, timeZone: string): EventMailDetails {
  return {
    title: e.title,
    when: e.endDate ? `${formatLongDate(e.eventDate)} to ${formatLongDate(e.endDate)}` : formatLongDate(e.eventDate),
    time: formatTimeRange(e.startTime, e.endTime),
    place: placeOf(e),
    description: e.description,
    eventUrl: eventUrlOf(e, appOrigin),
    calendarUrl: addToCalendarUrl(e, timeZone),
    ofSeries: e.seriesId ? formatCardDate(e.eventDate) : null,
  };
}

/**
 * The event's .ics for a mail: the feed's UID and the event's SEQUENCE, so a calendar that took
 * the confirmation updates that entry on a change and removes it on a cancellation.
 */
export function icsAttachment(e: Event, club: ClubPlace, { cancelled = false } = {}): MailAttachment {
  return {
    filename: `${e.slug}.ics`,
    contentType: "text/calendar",
    content: icsFile(e, club.timeZone, eventUrlOf(e, club.appOrigin), {
      uid: eventUid(e, club.appOrigin),
      // A cancellation outranks every version the calendar may hold.
      sequence: cancelled ? e.sequence + 1 : e.sequence,
      cancelled,
    }),
  };
}
