import {
  adminMailCancelScheduledAnswer,
  adminMailMembersAnswer,
  adminMailPhotosAnswer,
  adminMailRecipientCountAnswer,
  adminMailScheduleAnswer,
  adminMailScheduledAnswer,
  adminMailSendAnswer,
  adminMailSendTestAnswer,
  adminMailSentAnswer,
  adminMailSentMessageAnswer,
  adminMailUpdateScheduledAnswer,
  recipientCountInput,
  scheduleEmailInput,
  sendEmailInput,
  testEmailInput,
  updateScheduledEmailInput,
} from "@club/shared";
import { z } from "zod";
import { auditActor } from "../domain/audit/record";
import { photosForMail } from "../domain/group-mail/images";
import { sendTestGroupMail } from "../domain/group-mail/preview";
import { countRecipients, listMembersToMail, queueGroupMail } from "../domain/group-mail/recipients";
import {
  cancelScheduledGroupMail,
  listScheduledGroupMails,
  listSentGroupMails,
  SCHEDULED_GONE,
  scheduleGroupMail,
  sentGroupMail,
  updateScheduledGroupMail,
} from "../domain/group-mail/scheduled-mail";
import { adminProcedure, answer, router } from "../trpc";

const scheduledId = z.object({ id: z.uuid(SCHEDULED_GONE) });
const plural = (n: number) => `${n} recipient${n === 1 ? "" : "s"}`;

export const adminMailRouter = router({
  /** GET /api/admin/get-members. */
  members: adminProcedure.output(answer(adminMailMembersAnswer)).query(({ ctx }) => listMembersToMail(ctx.db)),

  /** How many of the group a group e-mail would reach (those who stopped group e-mails are not counted). */
  recipientCount: adminProcedure
    .input(recipientCountInput)
    .output(answer(adminMailRecipientCountAnswer))
    .query(({ ctx, input }) => countRecipients(ctx.db, "group", input.recipientGroup, input.selectedMemberIds)),

  /** POST /api/admin/send-email. */
  send: adminProcedure
    .input(sendEmailInput)
    .output(answer(adminMailSendAnswer))
    .mutation(async ({ ctx, input }) => {
      const queued = await queueGroupMail(ctx, input, { actor: auditActor(ctx) });
      return { message: "Email sent successfully.", queued };
    }),

  /** "Send me a test": the draft, footer included, to the admin alone, marked as a test. */
  sendTest: adminProcedure
    .input(testEmailInput)
    .output(answer(adminMailSendTestAnswer))
    .mutation(async ({ ctx, input }) => {
      await sendTestGroupMail(ctx, ctx.user, input);
      return { message: `A test was sent to ${ctx.user.email}.` };
    }),

  /** A group e-mail kept to leave at a time on the club's clock. */
  schedule: adminProcedure
    .input(scheduleEmailInput)
    .output(answer(adminMailScheduleAnswer))
    .mutation(async ({ ctx, input }) => {
      const { id, sendAt, recipients } = await scheduleGroupMail(ctx, input, auditActor(ctx));
      return { message: `Scheduled for ${plural(recipients)}.`, id, sendAt };
    }),

  /** The messages waiting for their time, soonest first. */
  scheduled: adminProcedure.output(answer(adminMailScheduledAnswer)).query(({ ctx }) => listScheduledGroupMails(ctx)),

  /** A waiting message changed before it leaves. */
  updateScheduled: adminProcedure
    .input(updateScheduledEmailInput)
    .output(answer(adminMailUpdateScheduledAnswer))
    .mutation(async ({ ctx, input }) => {
      const { id, ...message } = input;
      const { sendAt, recipients } = await updateScheduledGroupMail(ctx, id, message);
      return { message: `Schedule updated: ${plural(recipients)}.`, sendAt };
    }),

  /** A waiting message withdrawn. */
  cancelScheduled: adminProcedure
    .input(scheduledId)
    .output(answer(adminMailCancelScheduledAnswer))
    .mutation(async ({ ctx, input }) => {
      await cancelScheduledGroupMail(ctx, input.id, auditActor(ctx));
      return { message: "The scheduled message was cancelled." };
    }),

  /** The gallery's photos every member may see, for the editor's "Image" button (signed addresses for mail programs). */
  photos: adminProcedure.output(answer(adminMailPhotosAnswer)).query(({ ctx }) => photosForMail(ctx.db, ctx.config)),

  /** The group e-mails sent, newest first. */
  sent: adminProcedure.output(answer(adminMailSentAnswer)).query(({ ctx }) => listSentGroupMails(ctx.db)),

  /** One sent message, to open again as a new draft. */
  sentMessage: adminProcedure
    .input(z.object({ id: z.uuid("This message was not found.") }))
    .output(answer(adminMailSentMessageAnswer))
    .query(({ ctx, input }) => sentGroupMail(ctx.db, input.id)),
});
