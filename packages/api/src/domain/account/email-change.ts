// Changing her e-mail address (Settings → E-mail; docs/decisions/README.md, "Changing her e-mail address"):
// asked for with her password, made by the link mailed to the new address, told to the old one.
import { generateToken, hashToken } from "@club/auth";
import { emailChanges, type Queryable, users } from "@club/db";
import { and, eq, gt, sql } from "@club/db/orm";
import { confirmEmailChangeMail, emailChangedMail, enqueueMail } from "@club/mail";
import { type ChangeEmailInput, maskEmail } from "@club/shared";
import type { ApiContext } from "../../context";
import { badRequest, conflict } from "../../errors";
import { EMAIL_CHANGES_PER_ACCOUNT, TOKEN_GUESSES } from "../../throttle";
import type { MemberContext } from "../access";
import { recordAudit } from "../audit/record";
import { tellMemberUpdated } from "../webhooks/acts";
import { requireReentry } from "./deletion";

const HOUR = 3600_000;
/** How long the link works: a day, as the new mailbox may be read on another device, later. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

export const EMAIL_TAKEN = "Another account uses this e-mail address.";
export const SAME_EMAIL = "This is your e-mail address already.";
export const INVALID_EMAIL_CHANGE =
  "This link is invalid, was already used or has expired. Ask for a new one in Settings → E-mail.";
export const EMAIL_CHANGE_CANCELLED = "The change of address was cancelled.";

/** What Settings shows of a change waiting for its link: the new address and until when it works. */
export async function pendingEmailChange(db: Queryable, userId: string) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, sql`now()`)));
  return row ?? null;
}

const addressTaken = async (db: Queryable, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

/**
 * Asks for a change: her password again (whoever holds only her session cannot move the account),
 * an address no other account uses, and at most a few mails an hour. The link goes to the new
 * address; an earlier request waiting for its link is replaced.
 */
export async function requestEmailChange(member: MemberContext, input: ChangeEmailInput) {
  await requireReentry(member, member.user.id, { password: input.password });
  if (input.newEmail === member.user.email) throw badRequest(SAME_EMAIL);
  if (await addressTaken(member.db, input.newEmail)) throw conflict(EMAIL_TAKEN);
  await member.throttle.take([EMAIL_CHANGES_PER_ACCOUNT, member.user.id]);
  const token = generateToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * HOUR);
  await member.db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(eq(emailChanges.userId, member.user.id));
    await tx
      .insert(emailChanges)
      .values({ userId: member.user.id, newEmail: input.newEmail, tokenHash: hashToken(token), expiresAt });
    const mail = confirmEmailChangeMail(
      member.user.name,
      `${member.config.appOrigin}/confirm-email/${token}`,
      EMAIL_CHANGE_TTL_HOURS,
    );
    await enqueueMail(tx, member.jobs, [{ to: input.newEmail, ...mail }]);
  });
  return {
    message: `We sent a link to ${input.newEmail}. Open it to confirm your new address; until then you sign in with ${member.user.email}.`,
    pending: { newEmail: input.newEmail, expiresAt },
  };
}

/** Withdraws the change waiting for its link (the link then says it is invalid). */
export async function cancelEmailChange(member: MemberContext) {
  await member.db.delete(emailChanges).where(eq(emailChanges.userId, member.user.id));
  return { message: EMAIL_CHANGE_CANCELLED };
}

/**
 * The link from the mail, opened in any browser (no session needed: the token is the proof that
 * she reads the new mailbox). In one transaction: the token is taken, her address changes (the
 * session caches hear of it, so every browser of hers shows the new one), the audit log records
 * it, and the old address is told. Guesses are counted per network address.
 */
export async function confirmEmailChange(
  ctx: Pick<ApiContext, "db" | "jobs" | "throttle" | "ip" | "config">,
  token: string,
): Promise<{ message: string; email: string }> {
  const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
  const result = await ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, sql`now()`)))
      .returning();
    if (!change) return null;
    const [before] = await tx
      .select({ id: users.id, email: users.email, name: users.name, type: users.type, admin: users.admin })
      .from(users)
      .where(eq(users.id, change.userId))
      .for("update");
    if (!before) return null;
    // Taken by someone else (a registration) since she asked: the unique index would refuse it.
    if (await addressTaken(tx, change.newEmail)) throw conflict(EMAIL_TAKEN);
    await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
    await tellMemberUpdated(tx, ctx.jobs, before, { ...before, email: change.newEmail });
    await recordAudit(
      tx,
      { id: change.userId, email: before.email, ip: ctx.ip || null },
      {
        kind: "member.email_changed",
        targetId: change.userId,
        targetEmail: change.newEmail,
        detail: { from: before.email, to: change.newEmail },
      },
    );
    const when = new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: ctx.config.timeZone,
    }).format(new Date());
    const notice = emailChangedMail(before.name, {
      newAddress: maskEmail(change.newEmail),
      when,
      forgotPasswordUrl: `${ctx.config.appOrigin}/forgot-password`,
    });
    await enqueueMail(tx, ctx.jobs, [{ to: before.email, ...notice }]);
    return change.newEmail;
  });
  if (!result) throw badRequest(INVALID_EMAIL_CHANGE);
  await attempt.succeeded();
  return { message: `Your e-mail address is now ${result}. Sign in with it from now on.`, email: result };
}
