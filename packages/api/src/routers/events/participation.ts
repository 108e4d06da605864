import {
  confirmationInput,
  eventRefInput,
  eventsAddParticipantsAnswer,
  eventsAttendeesAnswer,
  eventsJoinAnswer,
  eventsJoinSeriesAnswer,
  eventsLeaveAnswer,
  eventsLeaveSeriesAnswer,
  eventsMoveFromWaitlistAnswer,
  eventsSendConfirmationAnswer,
  joinEventInput,
} from "@club/shared";
import { z } from "zod";
import { requireEventManager, requireOwnConfirmation, requireVisibleEvent } from "../../domain/access";
import { participantsOf } from "../../domain/events/participant-names";
import { addParticipants, attendeesOf, sendConfirmation } from "../../domain/events/participants";
import { joinEvent, leaveEvent, moveFromWaitlist } from "../../domain/events/rsvp";
import { joinSeries, leaveSeries, type SeriesJoined } from "../../domain/events/series-changes";
import { badRequest, EVENT_NOT_FOUND } from "../../errors";
import { adminProcedure, answer, memberProcedure } from "../../trpc";

export const eventParticipation = {
  /** Admins add members to an event directly (scripts and seeding). */
  addParticipants: adminProcedure
    .input(z.object({ eventId: z.uuid(EVENT_NOT_FOUND), userIds: z.array(z.uuid("Unknown member.")).min(1).max(1000) }))
    .output(answer(eventsAddParticipantsAnswer))
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
    .output(answer(eventsJoinAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      const { rsvp, participants } = await joinEvent(ctx, event.id, ctx.user.id, input.guests);
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
    .output(answer(eventsLeaveAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      const participants = await leaveEvent(ctx, event.id, ctx.user.id);
      return { message: `Left ${event.title}.`, participants };
    }),

  /**
   * "Join the series" on a date of a repeating event: every future date she may see, each as Join
   * would (a full one puts her on its waitlist); dates past their RSVP deadline are left out.
   */
  joinSeries: memberProcedure
    .input(eventRefInput)
    .output(answer(eventsJoinSeriesAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      if (!event.seriesId) throw badRequest(`${event.title} does not repeat: join it with Join.`);
      const tally = await joinSeries(ctx, ctx.user, event.seriesId);
      return { message: seriesJoinedMessage(event.title, tally), ...tally };
    }),

  /** "Leave the series": every future date of it she is on or waiting for. */
  leaveSeries: memberProcedure
    .input(eventRefInput)
    .output(answer(eventsLeaveSeriesAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      if (!event.seriesId) throw badRequest(`${event.title} does not repeat: leave it with Leave.`);
      const left = await leaveSeries(ctx, ctx.user, event.seriesId);
      const message =
        left === 0 ? `You are on no coming date of ${event.title}.` : `Left ${datesWord(left)} of ${event.title}.`;
      return { message, left };
    }),

  /**
   * Participants with their guests, and the waitlist in order: the creator and admins. Each
   * address only where its member lets the caller see it (null otherwise).
   */
  attendees: memberProcedure
    .input(eventRefInput)
    .output(answer(eventsAttendeesAnswer))
    .query(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.id);
      requireEventManager(ctx.user, event, "guests");
      // The event as stored: the path may have named it in another case (the CSV's file name).
      return { event: { id: event.id, slug: event.slug }, ...(await attendeesOf(ctx.db, ctx.user, event.id)) };
    }),

  /** The creator or an admin seats someone from the waitlist, even past the capacity; she is e-mailed. */
  moveFromWaitlist: memberProcedure
    .input(z.object({ eventId: z.uuid(EVENT_NOT_FOUND), userId: z.uuid("Unknown member.") }))
    .output(answer(eventsMoveFromWaitlistAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      requireEventManager(ctx.user, event, "guests");
      await moveFromWaitlist(ctx, event.id, input.userId);
      return {
        message: "Moved from the waitlist to the participants.",
        ...(await attendeesOf(ctx.db, ctx.user, event.id)),
      };
    }),

  /**
   * POST /api/events/send-confirmation: the event's details, an add-to-calendar link and an .ics
   * file, to a participant. A member asks for her own; an admin may send anyone's.
   */
  sendConfirmation: memberProcedure
    .input(confirmationInput)
    .output(answer(eventsSendConfirmationAnswer))
    .mutation(async ({ ctx, input }) => {
      requireOwnConfirmation(ctx.user, input.userId);
      const event = await requireVisibleEvent(ctx, input.eventId);
      await sendConfirmation(ctx, event, input.userId);
      return { message: "Confirmation email sent." };
    }),
};

const datesWord = (n: number) => (n === 1 ? "1 date" : `${n} dates`);

/** What joining a series did, in a sentence: "Joined 4 dates of Book circle; on the waitlist for 1." */
function seriesJoinedMessage(title: string, t: SeriesJoined): string {
  const parts: string[] = [];
  if (t.joined) parts.push(`Joined ${datesWord(t.joined)} of ${title}`);
  if (t.waitlisted)
    parts.push(
      `${t.joined ? "on" : "On"} the waitlist for ${datesWord(t.waitlisted)}${t.joined ? "" : ` of ${title}`}`,
    );
  if (parts.length === 0)
    return t.already
      ? `You are on every coming date of ${title} already.`
      : `No coming date of ${title} can be joined now.`;
  const closed = t.closed ? ` ${datesWord(t.closed)} closed to new RSVPs.` : "";
  return `${parts.join("; ")}.${closed}`;
}
