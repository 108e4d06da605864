import { sendEmailInput } from "@club/shared";
import { z } from "zod";
import { requireEventManager, requireVisibleEvent } from "../../domain/access";
import { auditActor } from "../../domain/audit";
import { queueGroupMail } from "../../domain/recipients";
import { memberProcedure } from "../../trpc";

export const eventAnnouncement = {
  /** The 'Draft Announcement Email' modal: the event's creator or an admin; same outbox and sanitising as group mail. */
  announce: memberProcedure
    .input(z.intersection(z.object({ eventId: z.uuid("Event not found") }), sendEmailInput))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      requireEventManager(ctx.user, event, "announce");
      const queued = await queueGroupMail(ctx.db, ctx.jobs, input, { actor: auditActor(ctx), eventId: event.id });
      return { message: "Email sent successfully.", queued };
    }),
};
