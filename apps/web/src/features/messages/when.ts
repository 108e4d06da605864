import { formatMoment } from "../../lib/moments";
import { today } from "../../lib/time-zone";

/**
 * When a conversation last moved, as her list says it: the time today, the day this year, the day
 * and year before (in the display zone, as every moment of the app).
 */
export function listMoment(at: Date, now: string = today()): string {
  const day = formatMoment(at, "yyyy-MM-dd");
  if (day === now) return formatMoment(at, "h:mm a");
  if (day.slice(0, 4) === now.slice(0, 4)) return formatMoment(at, "MMM d");
  return formatMoment(at, "MMM d, yyyy");
}

/** A day of a conversation, as the heading of its messages: "Today", "Yesterday", "Tuesday, November 24, 2026". */
export function dayHeading(day: string, now: string = today()): string {
  if (day === now) return "Today";
  const yesterday = new Date(`${now}T12:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  if (day === yesterday.toISOString().slice(0, 10)) return "Yesterday";
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T12:00:00Z`));
}

/** Messages in runs of one day each, oldest first, as they come (already oldest first). */
export function byDay<T extends { created_at: Date }>(messages: readonly T[]): { day: string; items: T[] }[] {
  const days: { day: string; items: T[] }[] = [];
  for (const message of messages) {
    const day = formatMoment(message.created_at, "yyyy-MM-dd");
    const last = days.at(-1);
    if (last?.day === day) last.items.push(message);
    else days.push({ day, items: [message] });
  }
  return days;
}
