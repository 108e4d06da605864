import type { Db } from "@club/db";
import { homes, homeTaken, homeWindows, stays } from "@club/db";
import { and, eq, ne, sql } from "@club/db/orm";
import type { MemberType } from "@club/shared";
import { badRequest, conflict, notFound } from "../../errors";
import { insertedRow } from "../../lib/rows";
import { STAY_NOT_FOUND } from "../access";
import { travelDiscounts } from "../admin/club-settings";
import { violates } from "./constraint";
import { HOME_NOT_FOUND } from "./homes";
import { MAX_STAY_NIGHTS, nightsBetween, nightsRange, priceOf, todayIn } from "./rules";

export { STAY_NOT_FOUND };
/** Told to a member whose pending request lost its nights to another (with the notice, later). */
export const DECLINED_FOR_OVERLAP = "Another stay was accepted for some of these nights.";

/**
 * How many requests one member may have waiting at once, in all and for one home: each one mails a
 * host, so a member cannot fill a host's mailbox by asking again and again.
 */
export const MAX_PENDING_REQUESTS = 10;
export const MAX_PENDING_PER_HOME = 2;

export interface StayRequest {
  arrive: string;
  depart: string;
  guests: number;
  message?: string;
}

/**
 * A member asks to stay: the rules in words (depart after arrive, not in the past in the home's own
 * time zone, at most 60 nights and at least the home's minimum, guests up to what it sleeps, inside
 * one open window, nights not taken), then the request with its price as of now.
 */
export async function requestStay(
  db: Db,
  guest: { id: string; type: MemberType },
  homeId: string,
  request: StayRequest,
  now = new Date(),
): Promise<{ id: string; status: "requested" }> {
  const [home] = await db.select().from(homes).where(eq(homes.id, homeId));
  if (!home) throw notFound(HOME_NOT_FOUND);
  if (home.hostId === guest.id) throw badRequest("This is your own home: block its nights instead of asking for them.");
  const { arrive, depart, guests } = request;
  const nights = nightsBetween(arrive, depart);
  if (nights < 1) throw badRequest("The departure must be at least a day after the arrival.");
  if (arrive < todayIn(home.timeZone, now)) throw badRequest("A stay cannot start in the past.");
  if (nights > MAX_STAY_NIGHTS) throw badRequest(`A stay can be at most ${MAX_STAY_NIGHTS} nights.`);
  if (nights < home.minNights) {
    throw badRequest(`This home takes stays of at least ${home.minNights} nights.`);
  }
  if (guests < 1 || guests > home.sleeps) {
    throw badRequest(`This home sleeps ${home.sleeps}: ask for 1 to ${home.sleeps} guests.`);
  }
  const range = nightsRange(arrive, depart);
  const [window] = await db
    .select({ id: homeWindows.id })
    .from(homeWindows)
    .where(and(eq(homeWindows.homeId, homeId), sql`${homeWindows.nights} @> ${range}::daterange`));
  if (!window) throw badRequest("The host has not opened these dates: choose nights inside one of her open windows.");
  const [taken] = await db
    .select({ id: homeTaken.id })
    .from(homeTaken)
    .where(and(eq(homeTaken.homeId, homeId), sql`${homeTaken.nights} && ${range}::daterange`));
  if (taken) throw conflict("Some of these nights are already taken: choose other dates.");
  const waiting = await db
    .select({ homeId: stays.homeId })
    .from(stays)
    .where(and(eq(stays.guestId, guest.id), eq(stays.status, "requested")));
  if (waiting.filter((w) => w.homeId === homeId).length >= MAX_PENDING_PER_HOME) {
    throw conflict(
      `You already have ${MAX_PENDING_PER_HOME} requests waiting for this home: wait for the host's answer, or cancel one in Your trips.`,
    );
  }
  if (waiting.length >= MAX_PENDING_REQUESTS) {
    throw conflict(
      `You have ${MAX_PENDING_REQUESTS} requests waiting for an answer: wait for the hosts, or cancel one in Your trips.`,
    );
  }

  const row = insertedRow(
    await db
      .insert(stays)
      .values({
        homeId,
        guestId: guest.id,
        arrive,
        depart,
        guests,
        message: request.message ?? "",
        ...priceOf(home.nightlyRateCents, nights, (await travelDiscounts(db))[guest.type]),
      })
      .returning({ id: stays.id }),
  );
  return { id: row.id, status: "requested" };
}

/**
 * The host (or an admin) accepts a request. One transaction: the home's row is locked first, so
 * that accepts of one home take turns (and two of them cannot deadlock on each other's requests);
 * the nights are taken (the exclusion constraint refuses nights another stay or a block holds,
 * whatever the code above it did); the pending requests that overlap are declined, each with a
 * sentence. Answers the ids of the requests it declined.
 */
export async function acceptStay(db: Db, stayId: string, now = new Date()): Promise<{ declined: string[] }> {
  return db.transaction(async (tx) => {
    const [ref] = await tx.select({ homeId: stays.homeId }).from(stays).where(eq(stays.id, stayId));
    if (!ref) throw notFound(STAY_NOT_FOUND);
    await tx.select({ id: homes.id }).from(homes).where(eq(homes.id, ref.homeId)).for("update");
    const [stay] = await tx.select().from(stays).where(eq(stays.id, stayId));
    if (!stay) throw notFound(STAY_NOT_FOUND);
    if (stay.status !== "requested") throw conflict(`This request cannot be accepted: it is ${stay.status}.`);
    const range = nightsRange(stay.arrive, stay.depart);
    try {
      // A savepoint: the refusal below must leave the transaction usable on Postgres.
      await tx.transaction(async (inner) => {
        await inner.insert(homeTaken).values({ homeId: stay.homeId, nights: range, stayId });
      });
    } catch (err) {
      if (violates(err, "home_taken_no_overlap")) {
        throw conflict("These nights are no longer free: another stay or a block holds some of them.");
      }
      throw err;
    }
    await tx.update(stays).set({ status: "accepted", decidedAt: now }).where(eq(stays.id, stayId));
    const declined = await tx
      .update(stays)
      .set({ status: "declined", statusReason: DECLINED_FOR_OVERLAP, decidedAt: now })
      .where(
        and(
          eq(stays.homeId, stay.homeId),
          eq(stays.status, "requested"),
          ne(stays.id, stayId),
          sql`daterange(${stays.arrive}, ${stays.depart}) && ${range}::daterange`,
        ),
      )
      .returning({ id: stays.id });
    return { declined: declined.map((d) => d.id) };
  });
}

/** The host (or an admin) declines a pending request, with her reason when she gives one. */
export async function declineStay(db: Db, stayId: string, reason?: string, now = new Date()): Promise<void> {
  const done = await db
    .update(stays)
    .set({ status: "declined", statusReason: reason?.trim() || null, decidedAt: now })
    .where(and(eq(stays.id, stayId), eq(stays.status, "requested")))
    .returning({ id: stays.id });
  if (done.length === 0) await refuseChange(db, stayId, "declined");
}

/**
 * A pending or accepted stay is cancelled (by its guest, its host or an admin): its nights are free
 * again at once, and with them the guest's sight of the address.
 */
export async function cancelStay(db: Db, stayId: string, reason: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(stays)
      .set({ status: "cancelled", statusReason: reason, decidedAt: now })
      .where(and(eq(stays.id, stayId), sql`${stays.status} in ('requested', 'accepted')`))
      .returning({ id: stays.id });
    if (done.length === 0) await refuseChange(tx, stayId, "cancelled");
    await tx.delete(homeTaken).where(eq(homeTaken.stayId, stayId));
  });
}

/** Why a stay could not be changed: not found, or already decided (in words). */
async function refuseChange(db: Db, stayId: string, to: string): Promise<never> {
  const [stay] = await db.select({ status: stays.status }).from(stays).where(eq(stays.id, stayId));
  if (!stay) throw notFound(STAY_NOT_FOUND);
  throw conflict(`This stay cannot be ${to}: it is ${stay.status}.`);
}
