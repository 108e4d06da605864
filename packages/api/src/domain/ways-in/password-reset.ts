import { hashPassword } from "@club/auth";
import type { Queryable } from "@club/db";
import type { JobSender } from "@club/jobs";
import { enqueueMail, passwordResetMail } from "@club/mail";
import type { ApiContext } from "../../context";
import { badRequest } from "../../errors";
import { LOGIN_PER_ACCOUNT, RESET_REQUESTS_PER_EMAIL, RESET_REQUESTS_PER_IP, TOKEN_GUESSES } from "../../throttle";
import { findUserByEmail, replacePassword } from "../account/users";
import { consumePasswordResetToken, createPasswordResetToken, passwordResetTokenUsable } from "./one-time-tokens";

/** The one answer to every reset request, so the form never tells whether an account exists. */
export const RESET_REQUESTED = "If an account exists for that e-mail, a link to reset the password has been sent.";
export const INVALID_RESET_TOKEN = "This reset link is invalid or has expired. Please request a new one.";

/** POST /forgot-password: throttled per address and per e-mail. */
export async function requestPasswordReset(ctx: Pick<ApiContext, "throttle" | "ip" | "jobs">, email: string) {
  await ctx.throttle.take([RESET_REQUESTS_PER_IP, ctx.ip], [RESET_REQUESTS_PER_EMAIL, email]);
  // The answer is given before the account is even looked up, so a known and an unknown
  // e-mail take the same time: the same job is queued for both, and it makes the link.
  await ctx.jobs.send("password-reset.send", { email });
}

/**
 * The `password-reset.send` job: a link for the account with this e-mail, if there is one. It runs
 * after the request was answered, so the answer's timing says nothing about the account.
 */
export async function sendPasswordResetLink(
  db: Queryable,
  jobs: JobSender,
  appOrigin: string,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await createPasswordResetToken(tx, user.id);
    const url = `${appOrigin}/reset-password/${token}`;
    await enqueueMail(tx, jobs, [{ to: user.email, ...passwordResetMail(user.name, url) }]);
  });
}

/** POST /reset-password: the link works once; every session, API token and calendar feed of the member ends. */
export async function resetPassword(
  ctx: Pick<ApiContext, "db" | "throttle" | "ip">,
  token: string,
  newPassword: string,
): Promise<void> {
  // A wrong token is counted and refused before the password is hashed, so guesses cost little.
  const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
  if (!(await passwordResetTokenUsable(ctx.db, token))) throw badRequest(INVALID_RESET_TOKEN);
  await attempt.succeeded();
  const passwordHash = await hashPassword(newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await consumePasswordResetToken(tx, token);
    if (!id) throw badRequest(INVALID_RESET_TOKEN);
    return (await replacePassword(tx, id, { passwordHash, mustChangePassword: false })) ? id : null;
  });
  // Whoever was guessing her old password is no reason to keep her out now.
  if (userId) await ctx.throttle.clear(LOGIN_PER_ACCOUNT, userId);
}
