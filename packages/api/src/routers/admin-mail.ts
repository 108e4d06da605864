import { users } from "@club/db";
import { asc } from "@club/db/orm";
import { sendEmailInput } from "@club/shared";
import { queueGroupMail } from "../domain/recipients";
import { adminProcedure, router } from "../trpc";

export const adminMailRouter = router({
  /** GET /api/admin/get-members. */
  members: adminProcedure.query(({ ctx }) =>
    ctx.db
      .select({ user_id: users.id, name: users.name, email: users.email, type: users.type })
      .from(users)
      .orderBy(asc(users.name)),
  ),

  /** POST /api/admin/send-email. */
  send: adminProcedure.input(sendEmailInput).mutation(async ({ ctx, input }) => {
    const queued = await queueGroupMail(ctx.db, ctx.jobs, input);
    return { message: "Email sent successfully.", queued };
  }),
});
