import { generateToken, hashToken } from "@club/auth";
import {
  type Event,
  eventInvitations,
  eventParticipants,
  eventWaitlist,
  profiles,
  type Queryable,
  users,
} from "@club/db";
import { and, asc, eq, gt, inArray, isNull, ne, type SQL, sql } from "@club/db/orm";
import { enqueueMail, eventInvitationMail } from "@club/mail";
import { emailKey } from "@club/shared";
import { badRequest } from "../../errors";
import { type Attempt, INVITATION_MAILS_PER_MEMBER, type Throttle, TYPED_ADDRESS_LOOKUPS } from "../../throttle";
import { emailShownTo, mailsWithoutLimit, typedAddressesCounted, type Viewer } from "../access";
import { noticeInvitations } from "../notifications/on-events";
import { coverForMail } from "./cover";
import { eventMailDetails } from "./mail-details";
import { joinIn, lockEvent, type RsvpContext, refuseIfEnded } from "./rsvp";

const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const INVALID_INVITATION = "Invalid or expired invitation";

/**
 * Members one can invite (the Invite Members modal): everyone but oneself, with each e-mail
 * address only where she lets members see it (the access module's `emailShownTo`). An address typed
 * in full (`email`) still finds its member, whose address the inviter then knows already
 * (docs/decisions/e-mail-addresses-in-the-directory-and-the-invite.md); such look-ups are
 * counted (TYPED_ADDRESS_LOOKUPS), since each tells whether a member owns an address.
 */
export async function invitableMembers(
  { db, throttle }: { db: Queryable; throttle: Throttle },
  viewer: Viewer,
  email?: string,
) {
  const typed = email ? emailKey(email) : null;
  if (typed && typedAddressesCounted(viewer)) await throttle.take([TYPED_ADDRESS_LOOKUPS, viewer.id]);
  const rows = await db
    .select({
      user_id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      showEmail: profiles.showEmail,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(ne(users.id, viewer.id))
    .orderBy(asc(users.name));
  return rows.map(({ showEmail, ...m }) => ({
    ...m,
    email: emailShownTo(viewer, { id: m.user_id, email: m.email, showEmail }, typed) ? m.email : null,
  }));
}

/**
 * The members of `ids` who need no invitation to the event: the inviter, its host, and those going,
 * waiting for a seat, or holding an invitation that is neither used nor expired (a second one would
 * only mail her again: twenty calls once sent one member twenty invitations to one event).
 */
async function needNoInvitation(db: Queryable, event: Event, inviterId: string, ids: string[]): Promise<Set<string>> {
  const listed = (table: typeof eventParticipants | typeof eventWaitlist) =>
    db
      .select({ id: table.userId })
      .from(table)
      .where(and(eq(table.eventId, event.id), inArray(table.userId, ids)));
  const [going, waiting, invited] = await Promise.all([
    listed(eventParticipants),
    listed(eventWaitlist),
    db
      .select({ id: eventInvitations.inviteeId })
      .from(eventInvitations)
      .where(
        and(
          eq(eventInvitations.eventId, event.id),
          inArray(eventInvitations.inviteeId, ids),
          isNull(eventInvitations.acceptedAt),
          gt(eventInvitations.expiresAt, sql`now()`),
        ),
      ),
  ]);
  const skipped = new Set([...going, ...waiting, ...invited].map((r) => r.id));
  skipped.add(inviterId);
  if (event.createdBy) skipped.add(event.createdBy);
  return skipped;
}

/**
 * Invites members to an event the inviter can see, while it has not ended. Each invitee gets a
 * link of her own (random, stored hashed, 14 days), queued with the invitations in one transaction;
 * members who need no invitation (`needNoInvitation`) are left out. Each mail counts against the
 * inviter's hourly allowance (INVITATION_MAILS_PER_MEMBER; not an admin's), taken before anything
 * is written and given back if the writing fails. Answers how many were invited and left out.
 */
export async function inviteMembers(
  ctx: RsvpContext & { throttle: Throttle },
  event: Event,
  inviter: Viewer & { name: string },
  userIds: string[],
): Promise<{ invited: number; skipped: number }> {
  refuseIfEnded(event, ctx.config.timeZone, "invitations are for events still to come");
  const ids = [...new Set(userIds)];
  const found = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  if (found.length !== ids.length) throw badRequest("Some of the selected members no longer exist.");
  const details = {
    ...eventMailDetails(event, ctx.config.appOrigin, ctx.config.timeZone),
    coverUrl: await coverForMail(ctx.db, ctx.config, event),
  };
  let attempt: Attempt | undefined;
  return ctx.db
    .transaction(async (tx) => {
      // Invitations to one event are made one call at a time (its row locked, as every change of
      // who comes is): two calls at once would each find her not invited yet, and mail her twice.
      await lockEvent(tx, event.id);
      const skip = await needNoInvitation(tx, event, inviter.id, ids);
      const invitees = found.filter((m) => !skip.has(m.id));
      const answer = { invited: invitees.length, skipped: found.length - invitees.length };
      if (invitees.length === 0) return answer;
      if (!mailsWithoutLimit(inviter))
        attempt = await ctx.throttle.take([INVITATION_MAILS_PER_MEMBER, inviter.id, invitees.length]);
      const invitations = invitees.map((invitee) => ({ invitee, token: generateToken() }));
      await tx.insert(eventInvitations).values(
        invitations.map(({ invitee, token }) => ({
          tokenHash: hashToken(token),
          eventId: event.id,
          inviteeId: invitee.id,
          invitedBy: inviter.id,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        })),
      );
      await noticeInvitations(
        tx,
        event.id,
        inviter.id,
        invitees.map((i) => i.id),
      );
      await enqueueMail(
        tx,
        ctx.jobs,
        invitations.map(({ invitee, token }) => ({
          to: invitee.email,
          ...eventInvitationMail(invitee.name, inviter.name, details, `${ctx.config.appOrigin}/events/invite/${token}`),
        })),
      );
      return answer;
    })
    .catch(async (err) => {
      // Nothing was sent: the allowance is hers again.
      await attempt?.succeeded();
      throw err;
    });
}

/**
 * The invitee follows her link: the invitation is used up and she joins as the Join button does
 * (a full event puts her on the waitlist). The token belongs to its invitee (another member cannot
 * use it), works once and expires.
 */
export function acceptInvitation(ctx: RsvpContext, inviteeId: string, token: string) {
  return acceptWhere(ctx, inviteeId, eq(eventInvitations.tokenHash, hashToken(token)));
}

/**
 * Her answer from her home, where she is signed in and the invitation is listed as hers: "accept"
 * joins as her link does; "decline" removes the invitation, and with it her sight of an invite-only
 * event she has no other way to see. Another member's invitation, a used or an expired one are
 * refused alike.
 */
export async function answerInvitation(ctx: RsvpContext, inviteeId: string, invitationId: string, accept: boolean) {
  if (accept) return acceptWhere(ctx, inviteeId, eq(eventInvitations.id, invitationId));
  const declined = await ctx.db
    .delete(eventInvitations)
    .where(
      and(
        eq(eventInvitations.id, invitationId),
        eq(eventInvitations.inviteeId, inviteeId),
        isNull(eventInvitations.acceptedAt),
        gt(eventInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ eventId: eventInvitations.eventId });
  if (declined.length === 0) throw badRequest(INVALID_INVITATION);
  return { declined: true as const };
}

async function acceptWhere(ctx: RsvpContext, inviteeId: string, which: SQL) {
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ eventId: eventInvitations.eventId }).from(eventInvitations).where(which);
    if (!target) throw badRequest(INVALID_INVITATION);
    // The event's row is locked before the invitation's, in the order every other change of the
    // event takes them (a deletion locks the event, then its cascade the invitations).
    const event = await lockEvent(tx, target.eventId);
    const used = await tx
      .update(eventInvitations)
      .set({ acceptedAt: new Date() })
      .where(
        and(
          which,
          eq(eventInvitations.inviteeId, inviteeId),
          isNull(eventInvitations.acceptedAt),
          gt(eventInvitations.expiresAt, sql`now()`),
        ),
      )
      .returning({ eventId: eventInvitations.eventId });
    if (used.length === 0) throw badRequest(INVALID_INVITATION);
    const rsvp = await joinIn(ctx, tx, event.id, inviteeId, undefined);
    const accepted = { event: { id: event.id, title: event.title, slug: event.slug } };
    return rsvp.status === "waitlist" ? { ...accepted, waitlist_position: rsvp.position } : accepted;
  });
}
