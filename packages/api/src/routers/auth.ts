import { createSession, hashPassword, invalidateSession, verifyPassword } from "@club/auth";
import { users } from "@club/db";
import { eq } from "@club/db/orm";
import { loginInput, messages, updatePasswordInput, updateUserInput } from "@club/shared";
import { TRPCError } from "@trpc/server";
import { requireOwnAccountChange } from "../domain/access";
import { checkSignIn, rememberDevice } from "../domain/sign-in";
import { endPasswordCredentials } from "../domain/users";
import { memberProcedure, publicProcedure, router } from "../trpc";

export const authRouter = router({
  /** GET /auth-status: never fails; an anonymous visitor is simply not authenticated. */
  status: publicProcedure.query(({ ctx }) => {
    if (!ctx.user) return { authenticated: false as const, user: null };
    const { name, admin, type, mustChangePassword } = ctx.user;
    return { authenticated: true as const, user: { name, admin, type, mustChangePassword } };
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await checkSignIn(ctx, input.email, input.password);
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    const { token, expiresAt } = await createSession(ctx.db, user.id);
    ctx.cookies.setSession(token, expiresAt);
    await rememberDevice(ctx, user.id);
    return {
      user: { name: user.name, admin: user.admin, type: user.type, mustChangePassword: user.mustChangePassword },
    };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.cookies.clearSession();
    return { ok: true as const };
  }),

  /** GET /user-details. */
  me: memberProcedure.meta({ allowWhilePasswordChangeRequired: true }).query(({ ctx }) => {
    const { id, name, email, type, admin, mustChangePassword } = ctx.user;
    return { user_id: id, name, email, type, admin, mustChangePassword };
  }),

  updateUser: memberProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
    requireOwnAccountChange(ctx.user, input);
    const [updated] = await ctx.db
      .update(users)
      .set({ name: input.name, ...(input.type ? { type: input.type } : {}) })
      .where(eq(users.id, ctx.user.id))
      .returning({ user_id: users.id, name: users.name, email: users.email, type: users.type, admin: users.admin });
    return { message: messages.userUpdated, user: updated! };
  }),

  updatePassword: memberProcedure
    .meta({ allowWhilePasswordChangeRequired: true })
    .input(updatePasswordInput)
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, ctx.user.id));
      if (!row || !(await verifyPassword(row.passwordHash, input.oldPassword))) {
        throw new TRPCError({ code: "BAD_REQUEST", message: "The current password is not correct." });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, ctx.user.id));
        // Whoever knew the old password is signed out everywhere else; her API tokens and feed end.
        await endPasswordCredentials(tx, ctx.user.id, ctx.session.id);
      });
      return { message: messages.passwordUpdated };
    }),
});
