import { z } from "../zod";

/**
 * The one check for a day of the calendar (`2026-12-31`), used by every schema that takes one:
 * events, seed files, expiry dates. zod's ISO date knows the length of each month and the leap
 * years, so February 30 or February 29 of 2027 is refused instead of rolling over into March
 * (what `new Date()` does) or reaching the database, which refuses it. Year 0 is not a year either.
 */
export function isCalendarDay(value: string): boolean {
  return z.iso.date().safeParse(value).success && !value.startsWith("0000");
}

/** The club's wall clock to the minute, `2026-12-31T18:00`, on a day that exists. */
export function isWallClockMinute(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(value) && isCalendarDay(value.slice(0, 10));
}

/**
 * A moment, as a script or the web sends it: a `Date` (tRPC carries dates as dates), or an ISO
 * day or date and time (`2027-01-31`, `2027-01-31T18:00:00Z`). Text naming a day that does not
 * exist is refused, not rolled over.
 */
export const moment = (label: string) => {
  const message = `${label} must be a real day, like 2027-01-31 or 2027-01-31T18:00:00Z.`;
  const isoMoment = z.iso.datetime({ offset: true, local: true });
  return z.union([z.date(), z.string().trim()], { error: message }).transform((value, ctx) => {
    if (value instanceof Date) return value;
    // The day part on its own as well: zod's date-time pattern takes year 0, which is no year.
    if (!isCalendarDay(value.slice(0, 10)) || !(value.length === 10 || isoMoment.safeParse(value).success)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return new Date(value);
  });
};

/** A moment that is still ahead (expiry dates). */
export const futureMoment = (label: string) =>
  moment(label).refine((d) => d.getTime() > Date.now(), `${label} must be in the future.`);
