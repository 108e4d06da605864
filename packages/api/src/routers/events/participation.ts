import {
  confirmationInput,
  eventRefInput,
  eventsAddParticipantsAnswer,
  eventsAttendeesAnswer,
  eventsJoinAnswer,
  eventsLeaveAnswer,
  eventsMoveFromWaitlistAnswer,
  eventsSendConfirmationAnswer,
  joinEventInput,
} from "@club/shared";
import { z } from "zod";
import { requireEventManager, requireOwnConfirmation, requireVisibleEvent } from "../../domain/access";
import { addParticipants, attendeesOf, participantsOf, sendConfirmation } from "../../domain/events/participants";
import { joinEvent, leaveEvent, moveFromWaitlist } from "../../domain/events/rsvp";
import { adminProcedure, memberProcedure } from "../../trpc";

export const eventParticipation = {
  /** Admins add members to an event directly (scripts and seeding). */
  addParticipants: adminProcedure
    .input(
      z.object({ eventId: z.uuid("Event not found"), userIds: z.array(z.uuid("Unknown member.")).min(1).max(1000) }),
    )
    .output(eventsAddParticipantsAnswer)
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      await addParticipants(ctx, event.id, input.userIds);
      return { participants: await participantsOf(ctx.db, event.id) };
    }),

  /**
   * POST /api/events/{id}/join: idempotent; the composite key makes concurrent joins one row.
   * Invite-only events are joined by those who may see them (invitees, creator, admins).
   */
  join: memberProcedure
    .input(joinEventInput)
    .output(eventsJoinAnswer)
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      const rsvp = await joinEvent(ctx, event.id, ctx.user.id, input.guests);
      const participants = await participantsOf(ctx.db, event.id);
      if (rsvp.status === "waitlist")
        return {
          message: `You are #${rsvp.position} on the waitlist for ${event.title}.`,
          participants,
          waitlist_position: rsvp.position,
        };
      return { message: `Joined ${event.title}.`, participants };
    }),

  /** DELETE /api/events/{id}/leave: idempotent; leaves the waitlist too, and a freed seat goes to the next waiting. */
  leave: memberProcedure
    .input(eventRefInput)
    .output(eventsLeaveAnswer)
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      await leaveEvent(ctx, event.id, ctx.user.id);
      return { message: `Left ${event.title}.`, participants: await participantsOf(ctx.db, event.id) };
    }),

  /** Participants with their guests and e-mail, and the waitlist in order: the creator and admins. */
  attendees: memberProcedure
    .input(eventRefInput)
    .output(eventsAttendeesAnswer)
    .query(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      requireEventManager(ctx.user, event, "guests");
      // The event as stored: the path may have named it in another case (the CSV's file name).
      return { event: { id: event.id, slug: event.slug }, ...(await attendeesOf(ctx.db, event.id)) };
    }),

  /** The creator or an admin seats someone from the waitlist, even past the capacity; she is e-mailed. */
  moveFromWaitlist: memberProcedure
    .input(z.object({ eventId: z.uuid("Event not found"), userId: z.uuid("Unknown member.") }))
    .output(eventsMoveFromWaitlistAnswer)
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      requireEventManager(ctx.user, event, "guests");
      await moveFromWaitlist(ctx, event.id, input.userId);
      return { message: "Moved from the waitlist to the participants.", ...(await attendeesOf(ctx.db, event.id)) };
    }),

  /**
   * POST /api/events/send-confirmation: the event's details, an add-to-calendar link and an .ics
   * file, to a participant. A member asks for her own; an admin may send anyone's.
   */
  sendConfirmation: memberProcedure
    .input(confirmationInput)
    .output(eventsSendConfirmationAnswer)
    .mutation(async ({ ctx, input }) => {
      requireOwnConfirmation(ctx.user, input.userId);
      const event = await requireVisibleEvent(ctx, input.eventId);
      await sendConfirmation(ctx, event, input.userId);
      return { message: "Confirmation email sent." };
    }),
};
