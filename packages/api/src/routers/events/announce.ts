import { sendEmailInput } from "@club/shared";
import { z } from "zod";
import { findVisibleEvent } from "../../domain/events/queries";
import { canManage } from "../../domain/events/visibility";
import { queueGroupMail } from "../../domain/recipients";
import { forbidden, notFound } from "../../errors";
import { memberProcedure } from "../../trpc";

export const eventAnnouncement = {
  /** The 'Draft Announcement Email' modal: the event's creator or an admin; same outbox and sanitising as group mail. */
  announce: memberProcedure
    .input(z.intersection(z.object({ eventId: z.uuid("Event not found") }), sendEmailInput))
    .mutation(async ({ ctx, input }) => {
      const event = await findVisibleEvent(ctx.db, ctx.user, input.eventId);
      if (!event) throw notFound("Event not found");
      if (!canManage(ctx.user, event))
        throw forbidden("Only the event's creator or an admin can send its announcement.");
      const queued = await queueGroupMail(ctx.db, input);
      return { message: "Email sent successfully.", queued };
    }),
};
