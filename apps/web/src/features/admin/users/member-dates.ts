import { tz } from "@date-fns/tz";
import { differenceInCalendarDays, differenceInHours, differenceInMinutes } from "date-fns";
import { formatMoment } from "../../../lib/moments";
import { displayZone } from "../../../lib/time-zone";

/** A day as the table shows it: "12 Mar 2025". */
export const memberDay = (moment: Date) => formatMoment(moment, "d MMM yyyy");

/** The whole moment, for the tooltip and the `<time>` element's reader: "12 Mar 2025, 14:05". */
export const memberMoment = (moment: Date) => formatMoment(moment, "d MMM yyyy, HH:mm");

/**
 * When she was last seen, as a person says it: recent visits by how long ago ("3 hours ago"),
 * older ones by their day, since "94 days ago" says less than "12 Mar 2025".
 */
export function lastSeenText(seen: Date, now: Date = new Date()): string {
  const minutes = differenceInMinutes(now, seen);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return minutes === 1 ? "A minute ago" : `${minutes} minutes ago`;
  const hours = differenceInHours(now, seen);
  if (hours < 24) return hours === 1 ? "An hour ago" : `${hours} hours ago`;
  // Days on the reader's calendar: "Yesterday" is the day before today where she is.
  const days = differenceInCalendarDays(now, seen, { in: tz(displayZone()) });
  if (days <= 1) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  return memberDay(seen);
}
