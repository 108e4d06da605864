import { hashPassword } from "@club/auth";
import { users } from "@club/db";
import { eq } from "@club/db/orm";
import { forgotPasswordInput, resetPasswordInput } from "@club/shared";
import { consumePasswordResetToken, passwordResetTokenUsable } from "../domain/one-time-tokens";
import { endPasswordCredentials } from "../domain/users";
import { badRequest } from "../errors";
import { LOGIN_PER_ACCOUNT, RESET_REQUESTS_PER_EMAIL, RESET_REQUESTS_PER_IP, TOKEN_GUESSES } from "../throttle";
import { publicProcedure, router } from "../trpc";

/** The one answer to every reset request, so the form never tells whether an account exists. */
export const RESET_REQUESTED = "If an account exists for that e-mail, a link to reset the password has been sent.";
export const INVALID_RESET_TOKEN = "This reset link is invalid or has expired. Please request a new one.";

export const passwordResetRouter = router({
  /** POST /forgot-password. */
  request: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.throttle.take([RESET_REQUESTS_PER_IP, ctx.ip], [RESET_REQUESTS_PER_EMAIL, input.email]);
    // The answer is given before the account is even looked up, so a known and an unknown
    // e-mail take the same time: the same job is queued for both, and it makes the link.
    await ctx.jobs.send("password-reset.send", { email: input.email });
    return { message: RESET_REQUESTED };
  }),

  /** POST /reset-password: single use; every session, API token and calendar feed of the member ends. */
  reset: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    // A wrong token is counted and refused before the password is hashed, so guesses cost little.
    const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
    if (!(await passwordResetTokenUsable(ctx.db, input.token))) throw badRequest(INVALID_RESET_TOKEN);
    await attempt.succeeded();
    const passwordHash = await hashPassword(input.newPassword);
    const email = await ctx.db.transaction(async (tx) => {
      const userId = await consumePasswordResetToken(tx, input.token);
      if (!userId) throw badRequest(INVALID_RESET_TOKEN);
      const [user] = await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      await endPasswordCredentials(tx, userId);
      return user?.email;
    });
    // Whoever was guessing her old password is no reason to keep her out now.
    if (email) await ctx.throttle.clear(LOGIN_PER_ACCOUNT, email);
    return { message: "Password has been reset successfully." };
  }),
});
