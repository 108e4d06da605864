// When a member's home changes with time alone, and what "coming up" and "new" span: a server
// keeps her home until then (KEPT_ANSWERS' `home.get`), or until what it is made of changes.
import { dayAfter } from "../events/calendar";

const DAY_MS = 86_400_000;
/** Deadlines this close are "coming up". */
const DEADLINE_DAYS = 14;
/** Photos and videos of her events from this far back, when she has not opened her home before. */
const FIRST_VISIT_DAYS = 30;

/** Where "new" starts on her first visit: FIRST_VISIT_DAYS back. */
export const firstVisitSince = (now: Date): Date => new Date(now.getTime() - FIRST_VISIT_DAYS * DAY_MS);

/** The deadlines of the soonest that pass after `now` and within DEADLINE_DAYS of it. */
export function comingUp<T extends { rsvpDeadline: Date | null }>(soonest: T[], now: Date): T[] {
  const within = now.getTime() + DEADLINE_DAYS * DAY_MS;
  return soonest.filter((e) => e.rsvpDeadline && e.rsvpDeadline > now && e.rsvpDeadline.getTime() <= within);
}

/**
 * Tells when her home changes with time alone (a server keeps it until then, or until what it is
 * made of changes): the next day, when her events of today are past; the first of her invitations
 * to expire; the first deadline it shows to pass, or the moment the soonest not yet shown comes
 * within DEADLINE_DAYS; on a first visit, when the oldest photo shown leaves the last
 * FIRST_VISIT_DAYS. Her next stay says its own (nextStayOf).
 */
export function whenHomeChanges(
  changesAt: (instant: Date) => void,
  at: { today: string; timeZone: string; now: Date; lastVisit: Date | null },
  shown: {
    invitations: { expiresAt: Date }[];
    soonest: { rsvpDeadline: Date | null }[];
    newMedia: { uploadDate: Date }[];
  },
): void {
  changesAt(dayAfter(at.today, at.timeZone));
  for (const { expiresAt } of shown.invitations) changesAt(expiresAt);
  for (const { rsvpDeadline } of shown.soonest) {
    if (!rsvpDeadline) continue;
    // Shown until it passes; one not shown yet comes up this long before it.
    changesAt(
      rsvpDeadline <= new Date(at.now.getTime() + DEADLINE_DAYS * DAY_MS)
        ? rsvpDeadline
        : new Date(rsvpDeadline.getTime() - DEADLINE_DAYS * DAY_MS),
    );
  }
  if (at.lastVisit === null) {
    for (const { uploadDate } of shown.newMedia) changesAt(new Date(uploadDate.getTime() + FIRST_VISIT_DAYS * DAY_MS));
  }
}
