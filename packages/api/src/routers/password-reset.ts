import { hashPassword, invalidateUserSessions } from "@club/auth";
import { users } from "@club/db";
import { enqueueMail, passwordResetMail } from "@club/mail";
import { forgotPasswordInput, resetPasswordInput } from "@club/shared";
import { eq } from "drizzle-orm";
import {
  consumePasswordResetToken,
  createPasswordResetToken,
  passwordResetTokenUsable,
} from "../domain/one-time-tokens";
import { findUserByEmail } from "../domain/users";
import { badRequest } from "../errors";
import { RESET_REQUESTS_PER_EMAIL, RESET_REQUESTS_PER_IP } from "../throttle";
import { publicProcedure, router } from "../trpc";

/** The one answer to every reset request, so the form never tells whether an account exists. */
export const RESET_REQUESTED = "If an account exists for that e-mail, a link to reset the password has been sent.";
export const INVALID_RESET_TOKEN = "This reset link is invalid or has expired. Please request a new one.";

export const passwordResetRouter = router({
  /** POST /forgot-password. */
  request: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    const byIp = `reset:ip:${ctx.ip}`;
    const byEmail = `reset:email:${input.email}`;
    await ctx.throttle.check(byIp, RESET_REQUESTS_PER_IP);
    await ctx.throttle.check(byEmail, RESET_REQUESTS_PER_EMAIL);
    await ctx.throttle.fail(byIp, RESET_REQUESTS_PER_IP);
    await ctx.throttle.fail(byEmail, RESET_REQUESTS_PER_EMAIL);
    const user = await findUserByEmail(ctx.db, input.email);
    if (user) {
      await ctx.db.transaction(async (tx) => {
        const token = await createPasswordResetToken(tx, user.id);
        const url = `${ctx.config.appOrigin}/reset-password/${token}`;
        await enqueueMail(tx, [{ to: user.email, ...passwordResetMail(user.name, url) }]);
      });
    }
    return { message: RESET_REQUESTED };
  }),

  /** POST /reset-password: single use; every session of the member ends. */
  reset: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    // A wrong token is refused before the password is hashed, so guesses cost the server little.
    if (!(await passwordResetTokenUsable(ctx.db, input.token))) throw badRequest(INVALID_RESET_TOKEN);
    const passwordHash = await hashPassword(input.newPassword);
    await ctx.db.transaction(async (tx) => {
      const userId = await consumePasswordResetToken(tx, input.token);
      if (!userId) throw badRequest(INVALID_RESET_TOKEN);
      await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId));
      await invalidateUserSessions(tx, userId);
    });
    return { message: "Password has been reset successfully." };
  }),
});
