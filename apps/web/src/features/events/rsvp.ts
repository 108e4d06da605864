import type { RouterOutputs } from "@club/api";
import { formatLongDate, formatTime12h } from "@club/shared";

/** What lists and pages show of an event's RSVP rules (absent on events without any). */
export type RsvpSummary = NonNullable<RouterOutputs["events"]["list"]["items"][number]["rsvp"]>;

/**
 * A card's line: "12 / 20 going", "Full — waitlist open", "RSVP closed", or "12 going" for an event
 * without a limit. `countsOnly` (the event's page, which says the rest in its own rows) keeps the counts.
 */
export function seatsLabel(going: number, rsvp: RsvpSummary | undefined, { countsOnly = false } = {}): string {
  if (!rsvp) return `${going} going`;
  if (rsvp.closed && !countsOnly) return "RSVP closed";
  if (rsvp.capacity !== null && rsvp.seats_left === 0)
    return countsOnly ? `${rsvp.seats_taken} / ${rsvp.capacity} going (full)` : "Full — waitlist open";
  if (rsvp.capacity !== null) return `${rsvp.seats_taken} / ${rsvp.capacity} going`;
  return rsvp.guests > 0
    ? `${going} going, with ${rsvp.guests} guest${rsvp.guests === 1 ? "" : "s"}`
    : `${going} going`;
}

/** "Monday, November 30, 2026 at 6:00 PM" from the wall-clock "2026-11-30T18:00". */
export const formatDeadline = (wallClock: string) =>
  `${formatLongDate(wallClock.slice(0, 10))} at ${formatTime12h(wallClock.slice(11, 16))}`;
