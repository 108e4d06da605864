import {
  authConfirmByEmailAnswer,
  authConfirmSessionAnswer,
  authConfirmSessionByCodeAnswer,
  authLoginAnswer,
  authLogoutAnswer,
  authMeAnswer,
  authPasskeyOptionsAnswer,
  authPasskeySignInAnswer,
  authStatusAnswer,
  authUpdatePasswordAnswer,
  authUpdateUserAnswer,
  confirmationCodeInput,
  loginInput,
  messages,
  updatePasswordInput,
  updateUserInput,
} from "@club/shared";
import { z } from "zod";
import { requireOwnAccountChange } from "../domain/access";
import { changeOwnPassword, updateOwnAccount } from "../domain/account/details";
import { signInOptions, signInWithPasskey } from "../domain/passkeys/sign-in";
import {
  CONFIRMATION_NOT_MAILED,
  CONFIRMATION_SENT,
  confirmSession,
  confirmSessionByCode,
  sendSessionConfirmation,
} from "../domain/ways-in/new-ways-in";
import { signIn, signOut } from "../domain/ways-in/sign-in";
import { answer, memberProcedure, publicProcedure, router } from "../trpc";
import { authenticationResponse } from "./webauthn-input";

export const authRouter = router({
  /** GET /auth-status: never fails; an anonymous visitor is simply not authenticated. */
  status: publicProcedure.output(answer(authStatusAnswer)).query(({ ctx }) => {
    if (!ctx.user) return { authenticated: false as const, user: null };
    const { id, name, admin, type, mustChangePassword } = ctx.user;
    // An admin whose right the club's sign-in rule withholds: the app says why, not "no access".
    const adminSignInRequired = ctx.adminWithheld;
    // Her id tells the browser whose drafts it kept when a session ended (kept-drafts.ts).
    return { authenticated: true as const, user: { id, name, admin, type, mustChangePassword, adminSignInRequired } };
  }),

  login: publicProcedure
    .input(loginInput)
    .output(answer(authLoginAnswer))
    .mutation(async ({ ctx, input }) => {
      const user = await signIn(ctx, input.email, input.password);
      return {
        user: { name: user.name, admin: user.admin, type: user.type, mustChangePassword: user.mustChangePassword },
      };
    }),

  /** The Login screen's passkey prompt (the button, or the e-mail field's autofill): its options. */
  passkeyOptions: publicProcedure.output(answer(authPasskeyOptionsAnswer)).mutation(({ ctx }) => signInOptions(ctx)),

  /** The answer to `passkeyOptions`: signs the browser in like `login`, with no e-mail or password. */
  passkeySignIn: publicProcedure
    .input(z.object({ response: authenticationResponse }))
    .output(answer(authPasskeySignInAnswer))
    .mutation(async ({ ctx, input }) => {
      const user = await signInWithPasskey(ctx, input.response);
      return {
        user: { name: user.name, admin: user.admin, type: user.type, mustChangePassword: user.mustChangePassword },
      };
    }),

  /**
   * Mails her a link that confirms this browser's session: a session signed in with a password
   * alone needs it before adding a passkey or connecting an identity (docs/decisions/README.md, "New ways in").
   */
  confirmByEmail: memberProcedure.output(answer(authConfirmByEmailAnswer)).mutation(async ({ ctx }) => {
    await sendSessionConfirmation(ctx, ctx.user, ctx.session);
    // Without a mail server the message waits in the outbox: she is told so, not promised a mail.
    const mailed = ctx.config.mailDelivery === "smtp";
    return { message: mailed ? CONFIRMATION_SENT : CONFIRMATION_NOT_MAILED, mailed };
  }),

  /** The code from that mail, typed in the browser that asked: the same as opening its link there. */
  confirmSessionByCode: memberProcedure
    .input(confirmationCodeInput)
    .output(answer(authConfirmSessionByCodeAnswer))
    .mutation(({ ctx, input }) => confirmSessionByCode(ctx, ctx.user, ctx.session, input.code)),

  /** The mailed link, opened signed in in the browser that asked: this session may add ways in for a while. */
  confirmSession: memberProcedure
    .input(z.object({ token: z.string().min(1).max(200) }))
    .output(answer(authConfirmSessionAnswer))
    .mutation(({ ctx, input }) => confirmSession(ctx, ctx.user, ctx.session, input.token)),

  logout: publicProcedure.output(answer(authLogoutAnswer)).mutation(async ({ ctx }) => {
    await signOut(ctx);
    return { ok: true as const };
  }),

  /** GET /user-details. */
  me: memberProcedure
    .meta({ allowWhilePasswordChangeRequired: true })
    .output(answer(authMeAnswer))
    .query(({ ctx }) => {
      const { id, name, email, type, admin, mustChangePassword } = ctx.user;
      // A script learns what its token may do (`club seed --check` checks a file against it).
      return { user_id: id, name, email, type, admin, mustChangePassword, apiTokenScope: ctx.apiToken?.scope ?? null };
    }),

  updateUser: memberProcedure
    .input(updateUserInput)
    .output(answer(authUpdateUserAnswer))
    .mutation(async ({ ctx, input }) => {
      requireOwnAccountChange(ctx.user, input);
      const user = await updateOwnAccount(ctx, ctx.user.id, input);
      return { message: messages.userUpdated, user };
    }),

  updatePassword: memberProcedure
    .meta({ allowWhilePasswordChangeRequired: true })
    .input(updatePasswordInput)
    .output(answer(authUpdatePasswordAnswer))
    .mutation(async ({ ctx, input }) => {
      await changeOwnPassword(ctx.db, { userId: ctx.user.id, keepSessionId: ctx.session.id, ...input });
      return { message: messages.passwordUpdated };
    }),
});
