import { eventParticipants, users } from "@club/db";
import { and, eq, inArray } from "@club/db/orm";
import { enqueueMail, eventConfirmationMail } from "@club/mail";
import { confirmationInput, eventRefInput } from "@club/shared";
import { z } from "zod";
import { requireOwnerOrAdmin, requireVisibleEvent } from "../../domain/access";
import { icsFile } from "../../domain/events/calendar";
import { eventMailDetails } from "../../domain/events/mail-details";
import { participantsOf } from "../../domain/events/queries";
import { notFound } from "../../errors";
import { adminProcedure, memberProcedure } from "../../trpc";

export const eventParticipation = {
  /** Admins add members to an event directly (scripts and seeding). */
  addParticipants: adminProcedure
    .input(
      z.object({ eventId: z.uuid("Event not found"), userIds: z.array(z.uuid("Unknown member.")).min(1).max(1000) }),
    )
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      const ids = [...new Set(input.userIds)];
      const known = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      if (known.length !== ids.length) throw notFound("Some of these members do not exist.");
      await ctx.db
        .insert(eventParticipants)
        .values(ids.map((userId) => ({ eventId: event.id, userId })))
        .onConflictDoNothing();
      return { participants: await participantsOf(ctx.db, event.id) };
    }),

  /**
   * POST /api/events/{id}/join: idempotent; the composite key makes concurrent joins one row.
   * Invite-only events are joined by those who may see them (invitees, creator, admins).
   */
  join: memberProcedure.input(eventRefInput).mutation(async ({ ctx, input }) => {
    const event = await requireVisibleEvent(ctx, input.id);
    await ctx.db.insert(eventParticipants).values({ eventId: event.id, userId: ctx.user.id }).onConflictDoNothing();
    return { message: `Joined ${event.title}.`, participants: await participantsOf(ctx.db, event.id) };
  }),

  /** DELETE /api/events/{id}/leave: idempotent. */
  leave: memberProcedure.input(eventRefInput).mutation(async ({ ctx, input }) => {
    const event = await requireVisibleEvent(ctx, input.id);
    await ctx.db
      .delete(eventParticipants)
      .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, ctx.user.id)));
    return { message: `Left ${event.title}.`, participants: await participantsOf(ctx.db, event.id) };
  }),

  /**
   * POST /api/events/send-confirmation: the event's details, an add-to-calendar link and an .ics
   * file, to a participant. A member asks for her own; an admin may send anyone's.
   */
  sendConfirmation: memberProcedure.input(confirmationInput).mutation(async ({ ctx, input }) => {
    requireOwnerOrAdmin(ctx.user, input.userId, "You can only ask for your own confirmation.");
    const event = await requireVisibleEvent(ctx, input.eventId);
    const [participant] = await ctx.db
      .select({ name: users.name, email: users.email })
      .from(eventParticipants)
      .innerJoin(users, eq(users.id, eventParticipants.userId))
      .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, input.userId)));
    if (!participant) throw notFound("That member has not joined this event.");
    const details = eventMailDetails(event, ctx.config.appOrigin, ctx.config.timeZone);
    await enqueueMail(ctx.db, ctx.jobs, [
      {
        to: participant.email,
        ...eventConfirmationMail(participant.name, details),
        attachments: [
          {
            filename: `${event.slug}.ics`,
            contentType: "text/calendar",
            content: icsFile(event, ctx.config.timeZone, details.eventUrl),
          },
        ],
      },
    ]);
    return { message: "Confirmation email sent." };
  }),
};
