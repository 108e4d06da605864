import type { Db } from "@club/db";
import { homes, homeTaken, homeWindows } from "@club/db";
import { and, eq, isNull, sql } from "@club/db/orm";
import type { HomeFields } from "@club/shared";
import { badRequest, conflict, notFound } from "../../errors";
import { insertedRow } from "../../lib/rows";
import { HOME_NOT_FOUND } from "../access";
import { violates } from "./constraint";
import { dayNumber, nightsRange } from "./rules";

export { HOME_NOT_FOUND };
/** The most open windows one home may have: a year of alternate weeks is 26. */
export const MAX_WINDOWS = 100;

/** What a host gives of her home (the address stays private; see homes in the schema). */
export interface HomeInput {
  title: string;
  kind: string;
  description?: string;
  region?: string;
  city: string;
  country: string;
  address: string;
  sleeps: number;
  bedrooms: number;
  amenities?: string[];
  houseRules?: string;
  nightlyRateCents: number;
  minNights?: number;
  timeZone: string;
  checkIn?: string;
  checkOut?: string;
}

/** Days from `from` (the first night) to `to` (the day after the last night), as stays have them. */
export interface Nights {
  from: string;
  to: string;
}

/** The API's fields (snake case, whole units of money) as the table's columns. */
export function homeColumns(f: Partial<HomeFields>): Partial<HomeInput> {
  const columns: Partial<HomeInput> = {
    title: f.title,
    kind: f.kind,
    description: f.description,
    region: f.region,
    city: f.city,
    country: f.country,
    address: f.address,
    sleeps: f.sleeps,
    bedrooms: f.bedrooms,
    amenities: f.amenities,
    houseRules: f.house_rules,
    nightlyRateCents: f.nightly_rate === undefined ? undefined : Math.round(f.nightly_rate * 100),
    minNights: f.min_nights,
    timeZone: f.time_zone,
    checkIn: f.check_in,
    checkOut: f.check_out,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** Changes what a host tells of her home; stays already asked for keep their price (see stays). */
export async function updateHome(db: Db, homeId: string, fields: Partial<HomeFields>): Promise<void> {
  const set = homeColumns(fields);
  const done = await db
    .update(homes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(homes.id, homeId))
    .returning({ id: homes.id });
  if (done.length === 0) throw notFound(HOME_NOT_FOUND);
}

/** The most homes one host lists (the club's hosts have a home or a few, not a portfolio). */
export const MAX_HOMES_PER_HOST = 20;

export async function createHome(db: Db, hostId: string, input: HomeInput): Promise<{ id: string }> {
  const [listed] = await db.select({ n: sql<number>`count(*)::int` }).from(homes).where(eq(homes.hostId, hostId));
  if ((listed?.n ?? 0) >= MAX_HOMES_PER_HOST) {
    throw badRequest(`A host lists at most ${MAX_HOMES_PER_HOST} homes: withdraw one before listing another.`);
  }
  return insertedRow(
    await db
      .insert(homes)
      .values({ hostId, ...input })
      .returning({ id: homes.id }),
  );
}

/**
 * Windows with their overlapping or touching neighbours joined, in order: a host who opens July and
 * then the first week of August offers one window, July 1 to August 8.
 */
export function mergeWindows(windows: Nights[]): Nights[] {
  if (windows.length > MAX_WINDOWS) {
    throw badRequest(`A home can have at most ${MAX_WINDOWS} open windows at once: join some of them.`);
  }
  for (const w of windows) {
    if (dayNumber(w.to) <= dayNumber(w.from)) {
      throw badRequest(`A window must end after it starts (${w.from} to ${w.to}).`);
    }
  }
  const sorted = [...windows].sort((a, b) => dayNumber(a.from) - dayNumber(b.from));
  const merged: Nights[] = [];
  for (const w of sorted) {
    const last = merged.at(-1);
    if (last && dayNumber(w.from) <= dayNumber(last.to)) {
      if (dayNumber(w.to) > dayNumber(last.to)) last.to = w.to;
    } else merged.push({ ...w });
  }
  return merged;
}

/** Replaces a home's open windows with these (merged), in one transaction. */
export async function setWindows(db: Db, homeId: string, windows: Nights[]): Promise<Nights[]> {
  const merged = mergeWindows(windows);
  await db.transaction(async (tx) => {
    const [home] = await tx.select({ id: homes.id }).from(homes).where(eq(homes.id, homeId)).for("update");
    if (!home) throw notFound(HOME_NOT_FOUND);
    await tx.delete(homeWindows).where(eq(homeWindows.homeId, homeId));
    if (merged.length > 0) {
      await tx.insert(homeWindows).values(merged.map((w) => ({ homeId, nights: nightsRange(w.from, w.to) })));
    }
  });
  return merged;
}

/** A block is for the host's own weeks or repairs; a longer absence is a gap between open windows. */
export const MAX_BLOCK_NIGHTS = 366;
/** Blocks to come, one home: far more than a host keeps, and a bound on what one request may add. */
export const MAX_BLOCKS = 100;

/** A home's blocks still to come (its host's own nights), in order: for whoever manages it. */
export async function comingBlocks(db: Db, homeId: string): Promise<{ id: string; from: string; to: string }[]> {
  return db
    .select({
      id: homeTaken.id,
      from: sql<string>`lower(${homeTaken.nights})::text`,
      to: sql<string>`upper(${homeTaken.nights})::text`,
    })
    .from(homeTaken)
    .where(
      and(eq(homeTaken.homeId, homeId), isNull(homeTaken.stayId), sql`upper(${homeTaken.nights}) > current_date - 1`),
    )
    .orderBy(sql`lower(${homeTaken.nights})`)
    .limit(MAX_BLOCKS);
}

/**
 * Blocks nights of a home (the host's own use, repairs): no stay can then be accepted for them.
 * Refused with a sentence when an accepted stay or another block holds some of them.
 */
export async function blockNights(db: Db, homeId: string, nights: Nights): Promise<{ id: string }> {
  if (dayNumber(nights.to) <= dayNumber(nights.from)) {
    throw badRequest(`A block must end after it starts (${nights.from} to ${nights.to}).`);
  }
  if (dayNumber(nights.to) - dayNumber(nights.from) > MAX_BLOCK_NIGHTS) {
    throw badRequest(`A block can be at most ${MAX_BLOCK_NIGHTS} nights: close the dates instead (Open dates).`);
  }
  const [held] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(homeTaken)
    .where(and(eq(homeTaken.homeId, homeId), isNull(homeTaken.stayId), sql`upper(${homeTaken.nights}) > current_date`));
  if ((held?.n ?? 0) >= MAX_BLOCKS) {
    throw badRequest(`A home can have at most ${MAX_BLOCKS} blocks to come: free one, or join them into one.`);
  }
  try {
    return insertedRow(
      await db
        .insert(homeTaken)
        .values({ homeId, nights: nightsRange(nights.from, nights.to) })
        .returning({ id: homeTaken.id }),
    );
  } catch (err) {
    if (violates(err, "home_taken_no_overlap")) {
      throw conflict("Some of these nights are already taken by a stay or another block.");
    }
    throw err;
  }
}

/** Frees a host's block (a stay's nights are freed by ending the stay, not here). */
export async function unblockNights(db: Db, homeId: string, blockId: string): Promise<void> {
  await db
    .delete(homeTaken)
    .where(and(eq(homeTaken.id, blockId), eq(homeTaken.homeId, homeId), isNull(homeTaken.stayId)));
}

/** A home's taken nights in a span, in order: each with whether it is a stay's or a block. */
export async function takenNights(db: Db, homeId: string, span: Nights) {
  return db
    .select({
      nights: homeTaken.nights,
      stayId: homeTaken.stayId,
    })
    .from(homeTaken)
    .where(and(eq(homeTaken.homeId, homeId), sql`${homeTaken.nights} && ${nightsRange(span.from, span.to)}::daterange`))
    .orderBy(sql`lower(${homeTaken.nights})`);
}
