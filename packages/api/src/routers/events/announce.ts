import {
  eventsAnnounceAnswer,
  eventsAnnounceRecipientCountAnswer,
  recipientCountInput,
  sendEmailInput,
} from "@club/shared";
import { z } from "zod";
import { requireEventManager, requireVisibleEvent } from "../../domain/access";
import { auditActor } from "../../domain/audit/record";
import { announceEvent } from "../../domain/events/announcements";
import { countRecipients } from "../../domain/group-mail/recipients";
import { EVENT_NOT_FOUND } from "../../errors";
import { answer, memberProcedure } from "../../trpc";

const eventRef = z.object({ eventId: z.uuid(EVENT_NOT_FOUND) });

export const eventAnnouncement = {
  /** How many of the group an announcement would reach (those who stopped announcements are not counted). */
  announceRecipientCount: memberProcedure
    .input(z.intersection(eventRef, recipientCountInput))
    .output(answer(eventsAnnounceRecipientCountAnswer))
    .query(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      requireEventManager(ctx.user, event, "announce");
      return countRecipients(ctx.db, "announcements", input.recipientGroup, input.selectedMemberIds);
    }),

  /** The 'Draft Announcement Email' modal: the event's creator or an admin; same outbox and sanitising as group mail. */
  announce: memberProcedure
    .input(z.intersection(eventRef, sendEmailInput))
    .output(answer(eventsAnnounceAnswer))
    .mutation(async ({ ctx, input }) => {
      const event = await requireVisibleEvent(ctx, input.eventId);
      requireEventManager(ctx.user, event, "announce");
      const queued = await announceEvent(ctx, event, ctx.user, input, auditActor(ctx));
      return { message: "Email sent successfully.", queued };
    }),
};
