import {
  eventsAcceptInviteAnswer,
  eventsAnswerInvitationAnswer,
  eventsInvitableMembersAnswer,
  eventsInviteAnswer,
  inviteInput,
} from "@club/shared";
import { z } from "zod";
import { requireVisibleEvent } from "../../domain/access";
import {
  acceptInvitation,
  answerInvitation,
  INVALID_INVITATION,
  invitableMembers,
  inviteMembers,
} from "../../domain/events/invitations";
import { TOKEN_GUESSES } from "../../throttle";
import { answer, memberProcedure } from "../../trpc";

/** "Invitations sent to 2 member(s). 1 was going or invited already." */
function invitationsMessage(invited: number, skipped: number): string {
  const already = skipped === 1 ? "1 was going or invited already" : `${skipped} were going or invited already`;
  if (invited === 0) return `No invitations sent: ${skipped === 1 ? "she was" : "all were"} going or invited already.`;
  return `Invitations sent to ${invited} member(s).${skipped > 0 ? ` ${already}.` : ""}`;
}

export const eventInvitationProcedures = {
  /** Members one can invite (the Invite Members modal): everyone but oneself. */
  invitableMembers: memberProcedure
    .input(z.object({ email: z.string().trim().max(254).optional() }).optional())
    .output(answer(eventsInvitableMembersAnswer))
    .query(({ ctx, input }) => invitableMembers(ctx, ctx.user, input?.email)),

  /** POST /api/events/invite: any member who can see the event; each invitee is e-mailed her own link. */
  invite: memberProcedure
    .input(inviteInput)
    .output(answer(eventsInviteAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      const { invited, skipped } = await inviteMembers(ctx, event, ctx.user, input.userIds);
      return { message: invitationsMessage(invited, skipped), invited, skipped };
    }),

  /**
   * GET /api/events/invite/{token}: joins the signed-in invitee. The token belongs to its
   * invitee (another member cannot use it), works once and expires; wrong guesses are throttled.
   */
  acceptInvite: memberProcedure
    .input(z.object({ token: z.string().trim().min(1).max(200) }))
    .output(answer(eventsAcceptInviteAnswer))
    .mutation(async ({ ctx, input }) => {
      const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
      const accepted = await acceptInvitation(ctx, ctx.user.id, input.token);
      await attempt.succeeded();
      return accepted;
    }),

  /** Her home's Accept and Decline on an invitation listed there as hers (no link needed: she is signed in). */
  answerInvitation: memberProcedure
    .input(z.object({ invitationId: z.uuid(INVALID_INVITATION), accept: z.boolean() }))
    .output(answer(eventsAnswerInvitationAnswer))
    .mutation(async ({ ctx, input }) => {
      const answer = await answerInvitation(ctx, ctx.user.id, input.invitationId, input.accept);
      if ("declined" in answer) return { message: "Invitation declined.", ...answer };
      const joined = "waitlist_position" in answer ? "You are on the waitlist." : "You have joined the event.";
      return { message: joined, ...answer };
    }),
};
