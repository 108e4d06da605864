import type { Queryable } from "@club/db";
import type { JobSender } from "@club/jobs";
import { enqueueMail, passwordResetMail } from "@club/mail";
import { createPasswordResetToken } from "./one-time-tokens";
import { findUserByEmail } from "./users";

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
