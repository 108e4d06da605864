import { type Db, type Event, eventParticipants, events, eventWaitlist, type Queryable, users } from "@club/db";
import { and, asc, eq, inArray, lte, type SQL, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, waitlistPromotedMail } from "@club/mail";
import { formatLongDate } from "@club/shared";
import { badRequest, conflict, EVENT_NOT_FOUND, notFound } from "../../errors";
import { noticeJoined, noticeSeats } from "../notifications/on-events";
import { participantData } from "../webhooks/acts";
import { emitWebhook } from "../webhooks/emit";
import { eventInstants, wallClockOf } from "./calendar";
import { eventMailDetails, icsAttachment } from "./mail-details";
import { type Participant, participantsOf } from "./participant-names";
import { cancelReminder, scheduleReminders } from "./reminders";

/**
 * Capacity, guests, the RSVP deadline and the waitlist. Every change of who holds a seat runs in
 * one transaction that first locks the event's row: joins of the same event queue up behind it, so
 * 50 members racing for the last 5 seats give exactly 5 participants and 45 waiting, in the order
 * they got the lock. A freed seat goes to the first on the waitlist in the same transaction.
 */
export interface RsvpContext {
  db: Db;
  jobs: JobSender;
  config: {
    appOrigin: string;
    timeZone: string;
    reminderHours: number;
    unsubscribeSecrets?: string[] | undefined;
  };
}

/**
 * The event uses an RSVP rule (a capacity, guests, a deadline); plain events answer exactly as the
 * spec says. One rule in its two forms, kept together so they cannot drift apart: for a row in
 * hand, and as a condition on `events` for the queries that count only what such events show.
 */
export const usesRsvp = (e: Event): boolean => e.capacity !== null || e.guestsPerMember > 0 || e.rsvpDeadline !== null;
export const usesRsvpCondition: SQL = sql`(${events.capacity} is not null or ${events.guestsPerMember} > 0 or ${events.rsvpDeadline} is not null)`;

export const rsvpClosed = (e: Event, now = new Date()): boolean => e.rsvpDeadline !== null && now > e.rsvpDeadline;
/**
 * When `rsvpClosed` will say otherwise than it says at `now`: its deadline, while it is not closed;
 * never once it is. Given the same `now` as the summary it goes with.
 */
export const rsvpClosesAt = (e: Event, now: Date): Date | undefined =>
  e.rsvpDeadline !== null && !rsvpClosed(e, now) ? e.rsvpDeadline : undefined;

/**
 * The event is over: the end of its last day (its end time, wall-clock in the club's zone) has
 * passed. Nobody joins it, is invited to it or is sent its announcement any more.
 */
export const eventEnded = (e: Event, timeZone: string, now = new Date()): boolean =>
  now >= eventInstants(e, timeZone).end;

/** The refusal of what an event that is over no longer takes: "Tea ended on …: it can no longer be joined." */
export function refuseIfEnded(e: Event, timeZone: string, what: string): void {
  if (!eventEnded(e, timeZone)) return;
  throw badRequest(`${e.title} ended on ${formatLongDate(e.endDate ?? e.eventDate)}: ${what}.`);
}

export type RsvpStatus = { status: "going"; guests: number } | { status: "waitlist"; guests: number; position: number };

/** Every change of who holds a seat starts here: joins, leaves and edits of one event queue up. */
export async function lockEvent(tx: Queryable, eventId: string): Promise<Event> {
  const [e] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!e) throw notFound(EVENT_NOT_FOUND);
  return e;
}

/** Seats held: each participant and her guests. */
export async function seatsTaken(db: Queryable, eventId: string): Promise<number> {
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(1 + ${eventParticipants.guests}), 0)::int` })
    .from(eventParticipants)
    .where(eq(eventParticipants.eventId, eventId));
  return row?.seats ?? 0;
}

/** Her place on the waitlist, counting from 1; null when she is not on it. */
export async function waitlistPosition(db: Queryable, eventId: string, userId: string): Promise<number | null> {
  const mine = db
    .select({ position: eventWaitlist.position })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId)));
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), lte(eventWaitlist.position, mine)));
  return row?.ahead ? row.ahead : null;
}

/** Where she stands: going (with her guests), waiting (and where), or neither. */
export async function rsvpStatusOf(db: Queryable, eventId: string, userId: string): Promise<RsvpStatus | null> {
  // Both at once: inside a transaction they go pipelined on its connection, one wait for two.
  const [[going], [waiting]] = await Promise.all([
    db
      .select({ guests: eventParticipants.guests })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId))),
    db
      .select({ guests: eventWaitlist.guests })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId))),
  ]);
  if (going) return { status: "going", guests: going.guests };
  if (!waiting) return null;
  return { status: "waitlist", guests: waiting.guests, position: (await waitlistPosition(db, eventId, userId)) ?? 1 };
}

function closedMessage(e: Event, timeZone: string): string {
  const when = e.rsvpDeadline ? formatLongDate(wallClockOf(e.rsvpDeadline, timeZone).slice(0, 10)) : "";
  return `RSVPs for ${e.title} closed on ${when}.`;
}

function checkGuests(e: Event, guests: number): void {
  if (guests <= e.guestsPerMember) return;
  throw badRequest(
    e.guestsPerMember === 0
      ? "This event does not take guests."
      : `You can bring up to ${e.guestsPerMember} guest${e.guestsPerMember === 1 ? "" : "s"}.`,
  );
}

const seatsWord = (n: number) => `${n} seat${n === 1 ? "" : "s"}`;

/**
 * Joins the event with `guests` (or changes her guests when she is in already). A full event, or
 * one with people already waiting (first come, first served), puts her on the waitlist.
 */
export async function joinEvent(
  ctx: RsvpContext,
  eventId: string,
  userId: string,
  guests: number | undefined,
): Promise<{ rsvp: RsvpStatus; participants: Participant[] }> {
  return ctx.db.transaction(async (tx) => {
    // Her page shows who is going once she is: read in the transaction, beside what follows her
    // seat when she took one (one wait for Postgres fewer than reading after the commit).
    let participants: Promise<Participant[]> | undefined;
    const rsvp = await joinIn(ctx, tx, eventId, userId, guests, () => {
      participants = participantsOf(tx, eventId);
      return participants;
    });
    return { rsvp, participants: await (participants ?? participantsOf(tx, eventId)) };
  });
}

/**
 * `joinEvent` inside a transaction the caller holds (accepting an invitation joins too). `seated`,
 * when given, is called once her new seat is written, and what it reads goes to Postgres with the
 * statements that follow from the seat.
 */
export async function joinIn(
  ctx: RsvpContext,
  tx: Queryable,
  eventId: string,
  userId: string,
  guests: number | undefined,
  seated?: () => Promise<unknown>,
): Promise<RsvpStatus> {
  const e = await lockEvent(tx, eventId);
  // What every path below decides on, read at once (pipelined on the transaction's connection: one
  // wait for Postgres, not three). The event's row is locked: no seat changes meanwhile.
  const [current, waits, taken] = await Promise.all([
    rsvpStatusOf(tx, e.id, userId),
    someoneWaits(tx, e.id),
    e.capacity === null ? 0 : seatsTaken(tx, e.id),
  ]);
  const wanted = guests ?? current?.guests ?? 0;
  // Nothing to change: answered even when the event's guest limit has since gone below hers.
  if (current && wanted === current.guests) return current;
  checkGuests(e, wanted);
  const adding = wanted - (current?.guests ?? -1); // a new participant takes her own seat too
  if (adding > 0) refuseIfEnded(e, ctx.config.timeZone, "it can no longer be joined");
  if (adding > 0 && rsvpClosed(e)) throw badRequest(closedMessage(e, ctx.config.timeZone));

  if (current?.status === "waitlist") {
    await tx
      .update(eventWaitlist)
      .set({ guests: wanted })
      .where(and(eq(eventWaitlist.eventId, e.id), eq(eventWaitlist.userId, userId)));
    // A smaller party may fit now (hers, or that of whoever waits ahead of her).
    if (adding < 0) await promoteFromWaitlist(ctx, tx, e);
    return (await rsvpStatusOf(tx, e.id, userId)) ?? { ...current, guests: wanted };
  }
  if (current?.status === "going") {
    if (adding > 0 && waits)
      throw conflict("Others are waiting for a seat: guests can be added once the waitlist is empty.");
    if (adding > 0 && e.capacity !== null) {
      const free = e.capacity - taken;
      if (adding > free)
        throw conflict(free > 0 ? `Only ${seatsWord(free)} left.` : "The event is full: no seats left for guests.");
    }
    await tx
      .update(eventParticipants)
      .set({ guests: wanted })
      .where(and(eq(eventParticipants.eventId, e.id), eq(eventParticipants.userId, userId)));
    if (adding < 0) await promoteFromWaitlist(ctx, tx, e);
    return { status: "going", guests: wanted };
  }

  const fits = e.capacity === null || taken + 1 + wanted <= e.capacity;
  if (fits && !waits) {
    // Her seat, her reminder, the news to whoever invited her, the webhooks: none needs another's
    // answer, so they go together (a failure of any fails the transaction, and it rolls back).
    await Promise.all([
      tx
        .insert(eventParticipants)
        .values({ eventId: e.id, userId, guests: wanted })
        .then(() => seated?.()),
      scheduleReminders(ctx, tx, e, [userId]),
      noticeJoined(tx, e.id, userId),
      emitWebhook(tx, ctx.jobs, "event.participant.joined", participantData(e.id, userId, wanted)),
    ]);
    return { status: "going", guests: wanted };
  }
  await tx.insert(eventWaitlist).values({ eventId: e.id, userId, guests: wanted });
  return { status: "waitlist", guests: wanted, position: (await waitlistPosition(tx, e.id, userId)) ?? 1 };
}

async function someoneWaits(tx: Queryable, eventId: string): Promise<boolean> {
  const rows = await tx.select({ one: sql`1` }).from(eventWaitlist).where(eq(eventWaitlist.eventId, eventId)).limit(1);
  return rows.length > 0;
}

/** Leaves the event or its waitlist; her seats go to the first on the waitlist. */
export async function leaveEvent(ctx: RsvpContext, eventId: string, userId: string): Promise<Participant[]> {
  return ctx.db.transaction(async (tx) => {
    await leaveWithin(ctx, tx, eventId, userId);
    // Who is going now, read before the commit: the same rows, one wait fewer.
    return participantsOf(tx, eventId);
  });
}

/**
 * Her leaving, inside the caller's transaction ("Leave", and account deletion for each of her
 * events): the event locked, her place on its waitlist or her seat given up, her reminder
 * cancelled, and the first who fit moved up (and mailed). Says whether she had a seat, and how
 * many moved up.
 */
export async function leaveWithin(
  ctx: RsvpContext,
  tx: Queryable,
  eventId: string,
  userId: string,
): Promise<{ seatFreed: boolean; promoted: number }> {
  const e = await lockEvent(tx, eventId);
  // Her place on the waitlist and her seat (she has one or the other): two tables, sent together.
  const [, left] = await Promise.all([
    tx.delete(eventWaitlist).where(and(eq(eventWaitlist.eventId, e.id), eq(eventWaitlist.userId, userId))),
    tx
      .delete(eventParticipants)
      .where(and(eq(eventParticipants.eventId, e.id), eq(eventParticipants.userId, userId)))
      .returning({ guests: eventParticipants.guests }),
  ]);
  const [seat] = left;
  if (!seat) return { seatFreed: false, promoted: 0 };
  // Her reminder, the webhooks and who moves up into her seat need nothing from each other.
  const [, , promoted] = await Promise.all([
    cancelReminder(ctx.jobs, tx, e.id, userId),
    emitWebhook(tx, ctx.jobs, "event.participant.left", participantData(e.id, userId, seat.guests)),
    promoteFromWaitlist(ctx, tx, e),
  ]);
  return { seatFreed: true, promoted: promoted.length };
}

/**
 * Fills free seats from the head of the waitlist, in order, and mails each promoted member (in the
 * same transaction, so the mail exists exactly when the seat does). It stops at the first who does
 * not fit with her guests: nobody is passed over. Without a capacity everyone waiting gets in.
 */
export async function promoteFromWaitlist(ctx: RsvpContext, tx: Queryable, e: Event): Promise<string[]> {
  const promoted: { userId: string; guests: number }[] = [];
  // The count first: the queue is read only as far as the free seats (none when the event is full,
  // which every edit of a full event with a long waitlist would otherwise read whole).
  let free = e.capacity === null ? Number.POSITIVE_INFINITY : e.capacity - (await seatsTaken(tx, e.id));
  const queue = await tx
    .select({ userId: eventWaitlist.userId, guests: eventWaitlist.guests })
    .from(eventWaitlist)
    .where(eq(eventWaitlist.eventId, e.id))
    .orderBy(asc(eventWaitlist.position))
    .limit(e.capacity === null ? 100_000 : Math.max(0, free));
  for (const next of queue) {
    if (1 + next.guests > free) break;
    free -= 1 + next.guests;
    promoted.push(next);
  }
  if (promoted.length === 0) return [];
  await seat(ctx, tx, e, promoted);
  return promoted.map((p) => p.userId);
}

/** A manager moves someone from the waitlist in, even past the capacity (her decision, shown to her). */
export async function moveFromWaitlist(ctx: RsvpContext, eventId: string, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEvent(tx, eventId);
    const [waiting] = await tx
      .select({ userId: eventWaitlist.userId, guests: eventWaitlist.guests })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, e.id), eq(eventWaitlist.userId, userId)));
    if (!waiting) throw notFound("That member is not on the waitlist.");
    await seat(ctx, tx, e, [waiting]);
  });
}

async function seat(ctx: RsvpContext, tx: Queryable, e: Event, people: { userId: string; guests: number }[]) {
  const ids = people.map((p) => p.userId);
  await tx.delete(eventWaitlist).where(and(eq(eventWaitlist.eventId, e.id), inArray(eventWaitlist.userId, ids)));
  await tx
    .insert(eventParticipants)
    .values(people.map((p) => ({ eventId: e.id, userId: p.userId, guests: p.guests })))
    .onConflictDoNothing();
  await scheduleReminders(ctx, tx, e, ids);
  await noticeSeats(tx, e.id, ids);
  await emitWebhook(
    tx,
    ctx.jobs,
    "event.participant.joined",
    people.map((p) => participantData(e.id, p.userId, p.guests)),
  );
  const recipients = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  const details = eventMailDetails(e, ctx.config.appOrigin, ctx.config.timeZone);
  const ics = icsAttachment(e, ctx.config);
  await enqueueMail(
    tx,
    ctx.jobs,
    recipients.map((r) => ({
      to: r.email,
      ...waitlistPromotedMail(r.name, details),
      attachments: [ics],
    })),
  );
}

/** What an event's page and card show of its RSVP rules and counts. */
export interface RsvpCounts {
  going: number;
  guests: number;
  waiting: number;
}

export function rsvpSummary(e: Event, c: RsvpCounts, timeZone: string, now = new Date()) {
  const seats = c.going + c.guests;
  return {
    capacity: e.capacity,
    guests_per_member: e.guestsPerMember,
    /** Wall-clock in the club's zone, like the event's own date and times. */
    rsvp_deadline: e.rsvpDeadline ? wallClockOf(e.rsvpDeadline, timeZone) : null,
    closed: rsvpClosed(e, now),
    going: c.going,
    guests: c.guests,
    seats_taken: seats,
    seats_left: e.capacity === null ? null : Math.max(0, e.capacity - seats),
    waitlist_count: c.waiting,
  };
}
export type RsvpSummary = ReturnType<typeof rsvpSummary>;

/** The counts of one event in one query. */
export async function rsvpCountsOf(db: Queryable, eventId: string): Promise<RsvpCounts> {
  const [row] = await db
    .select({
      going: sql<number>`count(*)::int`,
      guests: sql<number>`coalesce(sum(${eventParticipants.guests}), 0)::int`,
      waiting: sql<number>`(select count(*)::int from ${eventWaitlist} where ${eventWaitlist.eventId} = ${eventId})`,
    })
    .from(eventParticipants)
    .where(eq(eventParticipants.eventId, eventId));
  return row ?? { going: 0, guests: 0, waiting: 0 };
}
