import type { Queryable } from "@club/db";
import { homes, stays } from "@club/db";
import { desc, eq, or, sql } from "@club/db/orm";
import ICAL from "ical.js";
import { ADDRESS_DAYS_AFTER_STAY } from "./address";
import { dayNumber, todayIn } from "./rules";
import { calendarOf, stayAttributes } from "./stay-file";
import { type StayRow, staySelect } from "./views";

/** How far back her feed keeps stays (as the events' feed keeps events), and how many at most. */
const FEED_PAST_DAYS = 90;
export const FEED_STAYS_MAX = 200;

/**
 * Whether the feed's entry of a stay carries the address: for its host always; for its guest while
 * her stay is accepted and until a week after she leaves (the rule seesAddress keeps for pages).
 */
function feedShowsAddress(row: StayRow, viewerId: string, now: Date): boolean {
  if (row.hostId === viewerId) return true;
  if (row.stay.status !== "accepted") return false;
  return dayNumber(row.stay.depart) + ADDRESS_DAYS_AFTER_STAY >= dayNumber(todayIn(row.timeZone, now));
}

/**
 * Her private calendar feed with her stays in it, as guest and as host: each under the UID its
 * calendar file has, so the entry a calendar holds is updated when the stay changes, and a stay
 * cancelled, declined or expired is sent as CANCELLED (calendars then remove it).
 */
export async function withStays(
  db: Queryable,
  calendarText: string,
  viewerId: string,
  appOrigin: string,
  now = new Date(),
): Promise<string> {
  const rows = await staySelect(db)
    .where(
      sql`${or(eq(stays.guestId, viewerId), eq(homes.hostId, viewerId))} and ${stays.depart} >= current_date - ${FEED_PAST_DAYS}::int`,
    )
    .orderBy(desc(stays.arrive))
    .limit(FEED_STAYS_MAX);
  if (rows.length === 0) return calendarText;
  const entries = calendarOf(
    rows.map((row) => stayAttributes(row, appOrigin, feedShowsAddress(row, viewerId, now))),
    "The Club",
  );
  const calendar = new ICAL.Component(ICAL.parse(calendarText) as unknown[]);
  const ofStays = new ICAL.Component(ICAL.parse(entries) as unknown[]);
  for (const entry of ofStays.getAllSubcomponents("vevent")) calendar.addSubcomponent(entry);
  return calendar.toString();
}
