import { generateToken, hashToken } from "@club/auth";
import { type Event, eventInvitations, profiles, type Queryable, users } from "@club/db";
import { and, asc, eq, gt, inArray, isNull, ne, type SQL, sql } from "@club/db/orm";
import { enqueueMail, eventInvitationMail } from "@club/mail";
import { emailKey } from "@club/shared";
import { badRequest } from "../../errors";
import { emailShownTo, type Viewer } from "../access";
import { noticeInvitations } from "../notifications/on-events";
import { eventMailDetails } from "./mail-details";
import { joinIn, lockEvent, type RsvpContext } from "./rsvp";

const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const INVALID_INVITATION = "Invalid or expired invitation";

/**
 * Members one can invite (the Invite Members modal): everyone but oneself, with each e-mail
 * address only where she lets members see it (the access module's `emailShownTo`). An address typed
 * in full (`email`) still finds its member, whose address the inviter then knows already
 * (docs/decisions.md, "E-mail addresses in the directory and the invite modal").
 */
export async function invitableMembers(db: Queryable, viewer: Viewer, email?: string) {
  const typed = email ? emailKey(email) : null;
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
    email: emailShownTo(viewer, { id: m.user_id, showEmail }) || m.email === typed ? m.email : null,
  }));
}

/**
 * Invites members to an event the inviter can see. Each invitee gets a link of her own (random,
 * stored hashed, 14 days), queued with the invitations in one transaction. Answers how many.
 */
export async function inviteMembers(
  ctx: RsvpContext,
  event: Event,
  inviter: { id: string; name: string },
  userIds: string[],
): Promise<number> {
  const ids = [...new Set(userIds)];
  const invitees = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  if (invitees.length !== ids.length) throw badRequest("Some of the selected members no longer exist.");
  const details = eventMailDetails(event, ctx.config.appOrigin, ctx.config.timeZone);
  const invitations = invitees.map((invitee) => ({ invitee, token: generateToken() }));
  await ctx.db.transaction(async (tx) => {
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
  });
  return invitees.length;
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
