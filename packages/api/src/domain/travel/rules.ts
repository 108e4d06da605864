import { todayInZone } from "@club/shared";
import { badRequest } from "../../errors";

/** The longest stay a member may ask for, in nights. */
export const MAX_STAY_NIGHTS = 60;

/**
 * A plain day, `YYYY-MM-DD`, as a number of days since 1970-01-01 (no clock, no time zone).
 * Anything else, or a day no calendar has (2031-02-30), is refused with a sentence.
 */
export function dayNumber(day: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw badRequest(`"${day.slice(0, 20)}" is not a date: give days as YYYY-MM-DD, for example 2031-07-01.`);
  }
  return Math.round(ms / 86_400_000);
}

/** The number of nights from `arrive` to `depart` (the departure day's night is not hers). */
export function nightsBetween(arrive: string, depart: string): number {
  return dayNumber(depart) - dayNumber(arrive);
}

/** Today in a time zone, as a plain day (`YYYY-MM-DD`); the pages use the same. */
export const todayIn = todayInZone;

/** What a member pays for a stay: the rate, the nights, her type's discount, kept on the stay. */
export interface StayPrice {
  nightlyRateCents: number;
  nights: number;
  discountPercent: number;
  totalCents: number;
}

/** Her price: the rate, the nights, and her member type's discount (the club's setting, `travelDiscounts`). */
export function priceOf(nightlyRateCents: number, nights: number, discountPercent: number): StayPrice {
  const totalCents = Math.round((nightlyRateCents * nights * (100 - discountPercent)) / 100);
  return { nightlyRateCents, nights, discountPercent, totalCents };
}

/** The nights as Postgres's daterange text: `[arrive,depart)`. */
export const nightsRange = (arrive: string, depart: string) => `[${arrive},${depart})`;
