import { endSessionsAndTokens, hashPassword } from "@club/auth";
import { users } from "@club/db";
import { asc, eq, ilike, or } from "@club/db/orm";
import { LIST_MAX, offsetPageFields, privilegeInput, testingTeamInput, userIdInput } from "@club/shared";
import { z } from "zod";
import { requireSomeoneElse } from "../domain/access";
import { escapeLike } from "../domain/like";
import { createUser, EmailTakenError, endPasswordCredentials, newUserInput } from "../domain/users";
import { conflict, notFound } from "../errors";
import { adminProcedure, router } from "../trpc";

const publicFields = {
  user_id: users.id,
  name: users.name,
  email: users.email,
  type: users.type,
  admin: users.admin,
  testingTeam: users.testingTeam,
};

export const usersRouter = router({
  /** Creates an account directly (scripts and seeding); applicants use the application flow. */
  create: adminProcedure.input(newUserInput).mutation(async ({ ctx, input }) => {
    try {
      return await createUser(ctx.db, input);
    } catch (err) {
      if (err instanceof EmailTakenError) throw conflict(err.message);
      throw err;
    }
  }),

  /**
   * GET /api/users (the whole list, as the spec's client expects); the User Management screen
   * asks for a page at a time, by name or e-mail.
   */
  list: adminProcedure
    .input(
      z
        .object({
          search: z.string().trim().max(200).optional(),
          ...offsetPageFields,
        })
        .optional(),
    )
    .query(({ ctx, input }) => {
      const query = ctx.db
        .select(publicFields)
        .from(users)
        .where(
          input?.search
            ? or(
                ilike(users.name, `%${escapeLike(input.search)}%`),
                ilike(users.email, `%${escapeLike(input.search)}%`),
              )
            : undefined,
        )
        .orderBy(asc(users.name), asc(users.id))
        .offset(input?.offset ?? 0)
        .limit(input?.limit ?? LIST_MAX);
      return query;
    }),

  /** The temporary password the reset button is labelled with (TEMP_PASSWORD). */
  temporaryPassword: adminProcedure.query(({ ctx }) => ({ password: ctx.config.tempPassword })),

  /** PUT /api/users/{user_id}/privilege: the member's sessions and API tokens end, so the new type applies at once. */
  setPrivilege: adminProcedure.input(privilegeInput).mutation(async ({ ctx, input }) => {
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ type: input.type })
        .where(eq(users.id, input.userId))
        .returning(publicFields);
      if (!row) throw notFound("Member not found.");
      await endSessionsAndTokens(tx, input.userId, input.userId === ctx.user.id ? ctx.session.id : undefined);
      return row;
    });
  }),

  /**
   * PUT /api/users/{user_id}/reset-password-to-temp: the password becomes TEMP_PASSWORD (never a
   * value from the request), the member must choose a new one at the next sign-in, and her
   * sessions, API tokens and calendar feed end.
   */
  resetPasswordToTemp: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    requireSomeoneElse(ctx.user, input.userId, "Your own password is changed in Settings, not reset here.");
    const passwordHash = await hashPassword(ctx.config.tempPassword);
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: true })
        .where(eq(users.id, input.userId))
        .returning({ id: users.id });
      if (!row) throw notFound("Member not found.");
      await endPasswordCredentials(tx, input.userId);
    });
    return { message: `Password reset to ${ctx.config.tempPassword}`, temporaryPassword: ctx.config.tempPassword };
  }),

  /** Membership of the Testing Team mailing group. */
  setTestingTeam: adminProcedure.input(testingTeamInput).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .update(users)
      .set({ testingTeam: input.testingTeam })
      .where(eq(users.id, input.userId))
      .returning(publicFields);
    if (!row) throw notFound("Member not found.");
    return row;
  }),
});
