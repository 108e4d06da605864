import {
  forgotPasswordInput,
  passwordResetRequestAnswer,
  passwordResetResetAnswer,
  resetPasswordInput,
} from "@club/shared";
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from "../domain/ways-in/password-reset";
import { answer, publicProcedure, router } from "../trpc";

export const passwordResetRouter = router({
  /** POST /forgot-password. */
  request: publicProcedure
    .input(forgotPasswordInput)
    .output(answer(passwordResetRequestAnswer))
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx, input.email);
      return { message: RESET_REQUESTED };
    }),

  /** POST /reset-password: single use; every session, API token and calendar feed of the member ends. */
  reset: publicProcedure
    .input(resetPasswordInput)
    .output(answer(passwordResetResetAnswer))
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx, input.token, input.newPassword);
      return { message: "Password has been reset successfully." };
    }),
});
