import { registerInput, registrationRegisterAnswer, registrationValidateTokenAnswer } from "@club/shared";
import { z } from "zod";
import { REGISTERED, register, registrationOffer } from "../domain/membership/registration";
import { answer, publicProcedure, router } from "../trpc";

export const registrationRouter = router({
  /** GET /api/register/validate-token/{token}: the e-mail (read-only in the form) and the type offered. */
  validateToken: publicProcedure
    .input(z.object({ token: z.string().trim().min(1).max(200) }))
    .output(answer(registrationValidateTokenAnswer))
    .query(({ ctx, input }) => registrationOffer(ctx, input.token)),

  /**
   * POST /api/register: the token works once; the account gets the type of the accepted
   * application, and the browser is signed in as her.
   */
  register: publicProcedure
    .input(registerInput)
    .output(answer(registrationRegisterAnswer))
    .mutation(async ({ ctx, input }) => {
      await register(ctx, input);
      return { message: REGISTERED };
    }),
});
