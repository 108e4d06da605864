import { sendEmailInput } from "@club/shared";
import { auditActor } from "../domain/audit";
import { listMembersToMail, queueGroupMail } from "../domain/recipients";
import { adminProcedure, router } from "../trpc";

export const adminMailRouter = router({
  /** GET /api/admin/get-members. */
  members: adminProcedure.query(({ ctx }) => listMembersToMail(ctx.db)),

  /** POST /api/admin/send-email. */
  send: adminProcedure.input(sendEmailInput).mutation(async ({ ctx, input }) => {
    const queued = await queueGroupMail(ctx.db, ctx.jobs, input, { actor: auditActor(ctx) });
    return { message: "Email sent successfully.", queued };
  }),
});
