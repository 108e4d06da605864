import type { Db } from "@club/db";
import { homes, homeTaken, homeWindows, users } from "@club/db";
import { and, asc, eq, gte, ilike, or, type SQL, sql } from "@club/db/orm";
import type { MemberType } from "@club/shared";
import { badRequest } from "../../errors";
import { escapeLike } from "../../lib/like";
import { travelDiscounts } from "../admin/club-settings";
import { coversOf } from "./photos";
import { MAX_STAY_NIGHTS, nightsBetween, nightsRange } from "./rules";
import { cardOf } from "./views";

/** What a member looks for: dates (both or neither), how many come, and a place (city, region or country). */
export interface HomeSearch {
  arrive?: string;
  depart?: string;
  guests?: number;
  place?: string;
}

/** The most homes one search answers (the club's members' homes: dozens, not thousands). */
export const HOMES_PAGE_MAX = 100;

/**
 * The homes a member may ask for, with her own nightly rate beside the club's: with dates, only
 * those open for every one of those nights, none taken, and a stay of that length allowed. The
 * exact address is never in a search's answer.
 */
export async function findHomes(db: Db, memberType: MemberType, search: HomeSearch) {
  const { arrive, depart, guests, place } = search;
  if (Boolean(arrive) !== Boolean(depart)) throw badRequest("Give both an arrival and a departure date, or neither.");
  const where: SQL[] = [];
  if (arrive && depart) {
    const nights = nightsBetween(arrive, depart);
    if (nights < 1) throw badRequest("The departure must be at least a day after the arrival.");
    if (nights > MAX_STAY_NIGHTS) throw badRequest(`A stay can be at most ${MAX_STAY_NIGHTS} nights.`);
    const range = nightsRange(arrive, depart);
    where.push(
      sql`${homes.minNights} <= ${nights}`,
      sql`exists (select 1 from ${homeWindows} where ${homeWindows.homeId} = ${homes.id} and ${homeWindows.nights} @> ${range}::daterange)`,
      sql`not exists (select 1 from ${homeTaken} where ${homeTaken.homeId} = ${homes.id} and ${homeTaken.nights} && ${range}::daterange)`,
    );
  }
  if (guests !== undefined) where.push(gte(homes.sleeps, guests));
  const words = place?.trim();
  if (words) {
    const like = `%${escapeLike(words)}%`;
    const matches = or(ilike(homes.city, like), ilike(homes.region, like), ilike(homes.country, like));
    if (matches) where.push(matches);
  }
  const rows = await db
    .select({
      id: homes.id,
      hostId: homes.hostId,
      title: homes.title,
      kind: homes.kind,
      region: homes.region,
      city: homes.city,
      country: homes.country,
      sleeps: homes.sleeps,
      bedrooms: homes.bedrooms,
      minNights: homes.minNights,
      nightlyRateCents: homes.nightlyRateCents,
      hostName: users.name,
    })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.hostId))
    .where(and(...where))
    .orderBy(asc(homes.country), asc(homes.city), asc(homes.title))
    .limit(HOMES_PAGE_MAX);
  const [covers, discounts] = await Promise.all([
    coversOf(
      db,
      rows.map((r) => r.id),
    ),
    travelDiscounts(db),
  ]);
  return rows.map((r) => cardOf(r, discounts[memberType], covers.get(r.id)));
}
