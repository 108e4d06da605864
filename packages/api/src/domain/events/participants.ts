import { type Event, eventParticipants, eventWaitlist, profiles, type Queryable, users } from "@club/db";
import { and, asc, eq, inArray } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, eventConfirmationMail } from "@club/mail";
import { notFound } from "../../errors";
import { emailShownTo, type Viewer } from "../access";
import { coverForMail } from "./cover";
import { eventMailDetails, icsAttachment } from "./mail-details";
import { scheduleReminders } from "./reminders";
import { lockEvent, type RsvpContext } from "./rsvp";

/** Who takes part in an event: her names on its page, the guest list, and what is sent to each. */

/**
 * The host is her event's first guest: counted among those going, on its guest list, in her next
 * events and sent its reminder, as anyone going. Seated when the event is published (a draft has
 * nobody going); she may leave it as anyone may. In the transaction that publishes it.
 */
export async function seatHost(
  ctx: { jobs: JobSender; config: { timeZone: string; reminderHours: number } },
  tx: Queryable,
  e: Event,
): Promise<void> {
  if (!e.createdBy) return;
  const [seated] = await tx
    .insert(eventParticipants)
    .values({ eventId: e.id, userId: e.createdBy })
    .onConflictDoNothing()
    .returning({ userId: eventParticipants.userId });
  if (seated) await scheduleReminders(ctx, tx, e, [seated.userId]);
}

/**
 * Who is coming and who waits, for the event's creator and admins (and the CSV export). Each
 * address only where the viewer may see it (`emailShownTo`, as in the directory): running an event
 * is no reason to learn the address of a member who keeps it from other members; null otherwise.
 */
export async function attendeesOf(db: Queryable, viewer: Viewer, eventId: string) {
  // The two lists have one shape: a member, her guests and when she joined.
  const listOf = (table: typeof eventParticipants | typeof eventWaitlist) =>
    db
      .select({
        user_id: users.id,
        name: users.name,
        email: users.email,
        showEmail: profiles.showEmail,
        guests: table.guests,
        joined_at: table.joinedAt,
      })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(table.eventId, eventId));
  const shown = ({ showEmail, ...a }: Awaited<ReturnType<typeof listOf>>[number]) => ({
    ...a,
    email: emailShownTo(viewer, { id: a.user_id, email: a.email, showEmail }) ? a.email : null,
  });
  const participants = await listOf(eventParticipants).orderBy(asc(eventParticipants.joinedAt), asc(users.name));
  const waiting = await listOf(eventWaitlist).orderBy(asc(eventWaitlist.position));
  return {
    participants: participants.map(shown),
    waitlist: waiting.map((w, i) => ({ ...shown(w), position: i + 1 })),
  };
}

/**
 * Admins add members directly (scripts, seeding), past the capacity if need be: anyone of them on
 * the waitlist leaves it, and each gets her reminder. No mail: the admin tells them.
 */
export async function addParticipants(ctx: RsvpContext, eventId: string, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  const known = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  if (known.length !== ids.length) throw notFound("Some of these members do not exist.");
  await ctx.db.transaction(async (tx) => {
    const e = await lockEvent(tx, eventId);
    await tx.delete(eventWaitlist).where(and(eq(eventWaitlist.eventId, e.id), inArray(eventWaitlist.userId, ids)));
    await tx
      .insert(eventParticipants)
      .values(ids.map((userId) => ({ eventId: e.id, userId })))
      .onConflictDoNothing();
    await scheduleReminders(ctx, tx, e, ids);
  });
}

/** The event's details, an add-to-calendar link and an .ics file, e-mailed to one of its participants. */
export async function sendConfirmation(ctx: RsvpContext, event: Event, userId: string): Promise<void> {
  const [participant] = await ctx.db
    .select({ name: users.name, email: users.email })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, userId)));
  if (!participant) throw notFound("That member has not joined this event.");
  const details = {
    ...eventMailDetails(event, ctx.config.appOrigin, ctx.config.timeZone),
    coverUrl: await coverForMail(ctx.db, ctx.config, event),
  };
  await enqueueMail(ctx.db, ctx.jobs, [
    {
      to: participant.email,
      ...eventConfirmationMail(participant.name, details),
      attachments: [icsAttachment(event, ctx.config)],
    },
  ]);
}
