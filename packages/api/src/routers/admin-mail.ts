import { recipientCountInput, sendEmailInput } from "@club/shared";
import { auditActor } from "../domain/audit";
import { countRecipients, listMembersToMail, queueGroupMail } from "../domain/recipients";
import { adminProcedure, router } from "../trpc";

export const adminMailRouter = router({
  /** GET /api/admin/get-members. */
  members: adminProcedure.query(({ ctx }) => listMembersToMail(ctx.db)),

  /** How many of the group a group e-mail would reach (those who stopped group e-mails are not counted). */
  recipientCount: adminProcedure
    .input(recipientCountInput)
    .query(({ ctx, input }) => countRecipients(ctx.db, "group", input.recipientGroup, input.selectedMemberIds)),

  /** POST /api/admin/send-email. */
  send: adminProcedure.input(sendEmailInput).mutation(async ({ ctx, input }) => {
    const queued = await queueGroupMail(ctx, input, { actor: auditActor(ctx) });
    return { message: "Email sent successfully.", queued };
  }),
});
