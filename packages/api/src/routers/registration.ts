import { applications } from "@club/db";
import { eq } from "@club/db/orm";
import { registerInput } from "@club/shared";
import { z } from "zod";
import { consumeRegistrationToken, findRegistrationToken } from "../domain/one-time-tokens";
import { createUser, EmailTakenError } from "../domain/users";
import { badRequest, conflict, notFound } from "../errors";
import { TOKEN_GUESSES } from "../throttle";
import { publicProcedure, router } from "../trpc";

export const INVALID_REGISTRATION_TOKEN = "Invalid or expired token. Please request a new invitation.";

export const registrationRouter = router({
  /** GET /api/register/validate-token/{token}: the e-mail (read-only in the form) and the type offered. */
  validateToken: publicProcedure
    .input(z.object({ token: z.string().trim().min(1).max(200) }))
    .query(async ({ ctx, input }) => {
      const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
      const row = await findRegistrationToken(ctx.db, input.token);
      if (!row) throw notFound(INVALID_REGISTRATION_TOKEN);
      await attempt.succeeded();
      const [application] = row.applicationId
        ? await ctx.db
            .select({ fullName: applications.fullName })
            .from(applications)
            .where(eq(applications.id, row.applicationId))
        : [];
      return { email: row.email, type: row.memberType, name: application?.fullName ?? "" };
    }),

  /** POST /api/register: the token works once; the account gets the type of the accepted application. */
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
    const row = await findRegistrationToken(ctx.db, input.token);
    if (!row) throw badRequest(INVALID_REGISTRATION_TOKEN);
    await attempt.succeeded();
    if (input.type !== row.memberType) {
      throw badRequest(`Your invitation is for a ${row.memberType} membership; please choose that account type.`);
    }
    try {
      await ctx.db.transaction(async (tx) => {
        if (!(await consumeRegistrationToken(tx, row.id))) throw badRequest(INVALID_REGISTRATION_TOKEN);
        await createUser(tx, { email: row.email, name: input.name, password: input.password, type: row.memberType });
      });
    } catch (err) {
      if (err instanceof EmailTakenError)
        throw conflict("An account with this e-mail already exists. Please log in instead.");
      throw err;
    }
    return { message: "Account created successfully. You can now log in." };
  }),
});
