import { generateToken, hashToken } from "@club/auth";
import { eventInvitations, events, users } from "@club/db";
import { and, asc, eq, gt, inArray, isNull, ne, sql } from "@club/db/orm";
import { enqueueMail, eventInvitationMail } from "@club/mail";
import { inviteInput } from "@club/shared";
import { z } from "zod";
import { requireVisibleEvent } from "../../domain/access";
import { eventMailDetails } from "../../domain/events/mail-details";
import { joinIn } from "../../domain/events/rsvp";
import { badRequest } from "../../errors";
import { TOKEN_GUESSES } from "../../throttle";
import { memberProcedure } from "../../trpc";

const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const INVALID_INVITATION = "Invalid or expired invitation";

export const eventInvitationProcedures = {
  /** Members one can invite (the Invite Members modal): everyone but oneself. */
  invitableMembers: memberProcedure.query(({ ctx }) =>
    ctx.db
      .select({ user_id: users.id, name: users.name, email: users.email, type: users.type })
      .from(users)
      .where(ne(users.id, ctx.user.id))
      .orderBy(asc(users.name)),
  ),

  /**
   * POST /api/events/invite: any member who can see the event. Each invitee gets a link of her
   * own (random, stored hashed, 14 days), queued with the invitations in one transaction.
   */
  invite: memberProcedure.input(inviteInput).mutation(async ({ ctx, input }) => {
    const event = await requireVisibleEvent(ctx, input.eventId);
    const ids = [...new Set(input.userIds)];
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
          invitedBy: ctx.user.id,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        })),
      );
      await enqueueMail(
        tx,
        ctx.jobs,
        invitations.map(({ invitee, token }) => ({
          to: invitee.email,
          ...eventInvitationMail(
            invitee.name,
            ctx.user.name,
            details,
            `${ctx.config.appOrigin}/events/invite/${token}`,
          ),
        })),
      );
    });
    return { message: `Invitations sent to ${invitees.length} member(s).`, invited: invitees.length };
  }),

  /**
   * GET /api/events/invite/{token}: joins the signed-in invitee. The token belongs to its
   * invitee (another member cannot use it), works once and expires.
   */
  acceptInvite: memberProcedure
    .input(z.object({ token: z.string().trim().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
      const accepted = await ctx.db.transaction(async (tx) => {
        // The event's row is locked before the invitation's, in the order every other change of
        // the event takes them (a deletion locks the event, then its cascade the invitations).
        const [target] = await tx
          .select({ eventId: eventInvitations.eventId })
          .from(eventInvitations)
          .where(eq(eventInvitations.tokenHash, hashToken(input.token)));
        if (target) await tx.select({ id: events.id }).from(events).where(eq(events.id, target.eventId)).for("update");
        const [invitation] = await tx
          .update(eventInvitations)
          .set({ acceptedAt: new Date() })
          .where(
            and(
              eq(eventInvitations.tokenHash, hashToken(input.token)),
              eq(eventInvitations.inviteeId, ctx.user.id),
              isNull(eventInvitations.acceptedAt),
              gt(eventInvitations.expiresAt, sql`now()`),
            ),
          )
          .returning({ eventId: eventInvitations.eventId });
        if (!invitation) throw badRequest(INVALID_INVITATION);
        // Accepting joins as the Join button does: a full event puts her on the waitlist.
        const rsvp = await joinIn(ctx, tx, invitation.eventId, ctx.user.id, undefined);
        const [event] = await tx
          .select({ id: events.id, title: events.title, slug: events.slug })
          .from(events)
          .where(eq(events.id, invitation.eventId));
        return rsvp.status === "waitlist" ? { event: event!, waitlist_position: rsvp.position } : { event: event! };
      });
      await attempt.succeeded();
      return accepted;
    }),
};
