import type { Db } from "@club/db";
import { homes, stays } from "@club/db";
import { and, eq, gte, inArray } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { MemberType, WebhookDataOf } from "@club/shared";
import { conflict } from "../../errors";
import { openStayConversation } from "../conversations/stays";
import { emitWebhook } from "../webhooks/emit";
import { auditStay } from "./audit";
import { expireUnansweredRequests } from "./expiry";
import { type Recorder, reverseIfPaid } from "./ledger";
import { type StayAct, tellStay } from "./notices";
import { dropPhotosOfHomes } from "./photos";
import { todayIn } from "./rules";
import { acceptStay, cancelStay, DECLINED_FOR_OVERLAP, declineStay, requestStay, type StayRequest } from "./stays";
import { stayRow } from "./views";

/**
 * What an act on a stay needs besides the database: the outbox's jobs, the club's address, and who
 * acts (for the audit log, and for the ledger's reversing line when a paid stay is cancelled).
 */
export interface TravelDeps {
  db: Db;
  jobs: JobSender;
  appOrigin: string;
  by: Recorder;
}

/** The club itself acting (the hourly housekeeping): no one's id, no address. */
export const THE_CLUB: Recorder = { id: null, name: "The club", audit: { id: null, email: null, ip: null } };

/** The webhook's message of a stay: ids, dates and status; never the address, never a message. */
async function stayWebhook(tx: Db, jobs: JobSender, stayId: string, act: Exclude<StayAct, "expired">) {
  const { stay, hostId } = await stayRow(tx, stayId);
  await emitWebhook(tx, jobs, `stay.${act}`, {
    id: stay.id,
    home_id: stay.homeId,
    guest_id: stay.guestId,
    host_id: hostId,
    arrive: stay.arrive,
    depart: stay.depart,
    guests: stay.guests,
    // The table's check keeps it to these.
    status: stay.status as WebhookDataOf<"stay.requested">["status"],
  });
}

/** She asks to stay: the request, her host told (bell and mail), and the webhook, in one transaction. */
export async function askToStay(
  deps: TravelDeps,
  guest: { id: string; type: MemberType },
  homeId: string,
  request: StayRequest,
) {
  return deps.db.transaction(async (tx) => {
    const made = await requestStay(tx, guest, homeId, request);
    await openStayConversation(tx, made.id);
    await tellStay(tx, deps, made.id, "requested", "host", guest.id, request.message);
    await stayWebhook(tx, deps.jobs, made.id, "requested");
    await auditStay(tx, deps.by.audit, made.id, "stay.requested");
    return made;
  });
}

/**
 * The host accepts: the nights are taken (or the refusal), the guest told, and each overlapping
 * request declined with its guest told why, all in the accept's transaction.
 */
export async function acceptRequest(deps: TravelDeps, stayId: string, actorId: string, message?: string) {
  return deps.db.transaction(async (tx) => {
    const { declined } = await acceptStay(tx, stayId);
    await tellStay(tx, deps, stayId, "accepted", "guest", actorId, message);
    await stayWebhook(tx, deps.jobs, stayId, "accepted");
    await auditStay(tx, deps.by.audit, stayId, "stay.accepted");
    for (const id of declined) {
      await tellStay(tx, deps, id, "declined", "guest", actorId);
      await stayWebhook(tx, deps.jobs, id, "declined");
      await auditStay(tx, deps.by.audit, id, "stay.declined", { reason: DECLINED_FOR_OVERLAP });
    }
    return { declined };
  });
}

export async function declineRequest(deps: TravelDeps, stayId: string, actorId: string, message?: string) {
  await deps.db.transaction(async (tx) => {
    await declineStay(tx, stayId, message);
    await tellStay(tx, deps, stayId, "declined", "guest", actorId, message);
    await stayWebhook(tx, deps.jobs, stayId, "declined");
    await auditStay(tx, deps.by.audit, stayId, "stay.declined", message ? { reason: message } : {});
  });
}

export const STAY_BEGUN = "This stay has begun: it can no longer be cancelled.";

/** Either side (or an admin) cancels, before the arrival day: the nights reopen, and both are told (but not the one who did it). */
export async function cancelByMember(deps: TravelDeps, stayId: string, actorId: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const { stay, timeZone } = await stayRow(tx, stayId);
    if (stay.status === "accepted" && stay.arrive <= todayIn(timeZone)) throw conflict(STAY_BEGUN);
    await cancelStay(tx, stayId, reason);
    await tellStay(tx, deps, stayId, "cancelled", "guest", actorId, reason);
    await tellStay(tx, deps, stayId, "cancelled", "host", actorId, reason);
    await stayWebhook(tx, deps.jobs, stayId, "cancelled");
    await endedStay(tx, deps.by, stayId, reason);
  });
}

/** A cancelled stay in the audit log, and its contribution reversed in the ledger when it was paid. */
async function endedStay(tx: Db, by: Recorder, stayId: string, reason: string) {
  await auditStay(tx, by.audit, stayId, "stay.cancelled", { reason });
  await reverseIfPaid(tx, by, stayId, reason);
}

export const HOME_WITHDRAWN = "The host withdrew her home from the club.";
export const HOST_LEFT = "The host has left the club, and her home with her.";
export const GUEST_LEFT = "The guest has left the club.";

/**
 * A home is withdrawn: its pending and coming stays are cancelled first, each guest told with a
 * sentence (the mail outlives the home), then the home, its calendar and its photos go.
 */
export async function withdrawHome(deps: TravelDeps, homeId: string, actorId: string) {
  await deps.db.transaction((tx) => withdrawWithin(tx, deps, homeId, actorId, HOME_WITHDRAWN));
}

async function withdrawWithin(tx: Db, deps: Omit<TravelDeps, "db">, homeId: string, actorId: string, reason: string) {
  const [home] = await tx.select({ timeZone: homes.timeZone }).from(homes).where(eq(homes.id, homeId)).for("update");
  if (!home) return;
  const coming = await tx
    .select({ id: stays.id })
    .from(stays)
    .where(
      and(
        eq(stays.homeId, homeId),
        inArray(stays.status, ["requested", "accepted"]),
        gte(stays.depart, todayIn(home.timeZone)),
      ),
    );
  for (const { id } of coming) {
    await cancelStay(tx, id, reason);
    await tellStay(tx, deps, id, "cancelled", "guest", actorId, reason);
    await stayWebhook(tx, deps.jobs, id, "cancelled");
    await endedStay(tx, deps.by, id, reason);
  }
  await dropPhotosOfHomes(tx, deps.jobs, { homeId });
  await tx.delete(homes).where(eq(homes.id, homeId));
}

/**
 * A member's account is being deleted (in its transaction): her homes are withdrawn, each coming
 * guest told "The host has left the club", and her own coming stays and requests are cancelled,
 * each host told. Her past stays go with her rows (the foreign keys).
 */
export async function endTravelOf(tx: Db, deps: Omit<TravelDeps, "db">, userId: string): Promise<void> {
  const hers = await tx.select({ id: homes.id }).from(homes).where(eq(homes.hostId, userId));
  for (const { id } of hers) await withdrawWithin(tx, deps, id, userId, HOST_LEFT);
  const trips = await tx
    .select({ id: stays.id, timeZone: homes.timeZone, depart: stays.depart })
    .from(stays)
    .innerJoin(homes, eq(homes.id, stays.homeId))
    .where(and(eq(stays.guestId, userId), inArray(stays.status, ["requested", "accepted"])));
  for (const trip of trips) {
    if (trip.depart < todayIn(trip.timeZone)) continue;
    await cancelStay(tx, trip.id, GUEST_LEFT);
    await tellStay(tx, deps, trip.id, "cancelled", "host", userId, GUEST_LEFT);
    await stayWebhook(tx, deps.jobs, trip.id, "cancelled");
    await endedStay(tx, deps.by, trip.id, GUEST_LEFT);
  }
}

/**
 * Requests left unanswered for 72 hours lapse (a housekeeping step, hourly), with their news in the
 * same transaction: both sides are told, and the endpoints hear `stay.declined`.
 */
export async function expireRequests(deps: TravelDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const rows = await expireUnansweredRequests(tx, now);
    for (const { id } of rows) {
      await tellStay(tx, deps, id, "expired", "guest", null);
      await tellStay(tx, deps, id, "expired", "host", null);
      await stayWebhook(tx, deps.jobs, id, "declined");
      await auditStay(tx, deps.by.audit, id, "stay.declined", { expired: true });
    }
    return rows.length;
  });
}
