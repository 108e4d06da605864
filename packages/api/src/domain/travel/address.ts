import type { Db } from "@club/db";
import { stays } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { todayIn } from "./rules";

/** How long after her departure a guest still sees the address (a lost glove, a late question). */
export const ADDRESS_DAYS_AFTER_STAY = 7;

/** Who asks: her id and whether she is an admin (a visitor sees no home at all). */
export interface Viewer {
  id: string;
  admin: boolean;
}

/**
 * Whether she may see a home's exact address: its host, admins, and a guest whose stay there is
 * accepted, from the acceptance until a week after she leaves (days in the home's time zone). A
 * cancelled stay ends it at once: its status is no longer "accepted". Everyone else sees region,
 * city and country only; every route that shows a home asks this first.
 */
export async function seesAddress(
  db: Db,
  home: { id: string; hostId: string; timeZone: string },
  viewer: Viewer,
  now = new Date(),
): Promise<boolean> {
  if (viewer.admin || viewer.id === home.hostId) return true;
  const today = todayIn(home.timeZone, now);
  const [stay] = await db
    .select({ id: stays.id })
    .from(stays)
    .where(
      and(
        eq(stays.homeId, home.id),
        eq(stays.guestId, viewer.id),
        eq(stays.status, "accepted"),
        sql`${stays.depart} + ${ADDRESS_DAYS_AFTER_STAY}::int >= ${today}::date`,
      ),
    )
    .limit(1);
  return stay !== undefined;
}
