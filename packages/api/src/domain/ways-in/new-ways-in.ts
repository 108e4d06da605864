// New ways into an account (docs/decisions/README.md, "New ways in"): a session signed in with a password
// alone confirms by e-mail before adding a passkey or connecting an identity, and every change to
// her ways in is told to her by e-mail, in the transaction of the change.
import { randomInt } from "node:crypto";
import { generateToken, hashToken } from "@club/auth";
import { type Queryable, sessionConfirmations, sessions } from "@club/db";
import { and, eq, gt, isNull, type SQL, sql } from "@club/db/orm";
import { confirmSessionMail, enqueueMail, wayInChangedMail } from "@club/mail";
import Bowser from "bowser";
import type { ApiContext, CallerSession } from "../../context";
import { badRequest } from "../../errors";
import { CONFIRMATION_CODE_GUESSES, CONFIRMATION_MAILS_PER_ACCOUNT, TOKEN_GUESSES } from "../../throttle";
import { auditActor, recordAudit } from "../audit/record";

/** How long the mailed link works: long enough to reach the mailbox, no longer. */
export const CONFIRMATION_LINK_TTL_MS = 30 * 60_000;
/** How long a confirmed session may add ways in: one sitting in Settings. */
export const CONFIRMED_FOR_MS = 15 * 60_000;

export const CONFIRMATION_SENT =
  "We sent you an e-mail with a code and a link. Type the code here, or open the link in this browser.";
/** Said instead when the club has no mail server: the code waits in the outbox, for an admin to read. */
export const CONFIRMATION_NOT_MAILED =
  "This club sends no e-mail yet (no mail server is set up), so the code cannot reach you. An administrator can read it in the Outbox and tell you; or sign in with a passkey or the identity provider, which needs no code.";
export const WRONG_CONFIRMATION_CODE =
  "That code is not the one we sent, or it has expired. Check the latest e-mail, or ask for a new one.";
export const INVALID_CONFIRMATION =
  "This confirmation link is invalid, was already used or has expired. Ask for a new one in Settings.";
export const CONFIRMATION_OF_ANOTHER_MEMBER =
  "This confirmation link was sent to another member. Sign in as that member, or ask for your own link in Settings.";
export const CONFIRMATION_OF_ANOTHER_BROWSER =
  "This confirmation link was asked for in another browser (or before you last signed in). Open it in the browser where you asked for it, or ask for a new one here.";

/** "Chrome on Linux", from a User-Agent; null when it says nothing recognisable. */
export function browserOf(userAgent: string | null): string | null {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name;
  const os = parsed?.os.name;
  return browser && os ? `${browser} on ${os}`.slice(0, 60) : (browser ?? null);
}

type Member = { id: string; email: string; name: string };
type NoticeContext = Pick<ApiContext, "jobs" | "ip" | "userAgent"> & {
  config: Pick<ApiContext["config"], "appOrigin" | "timeZone">;
};

/**
 * Queues the notice of a change to her ways in, with the transaction that makes it: rolled back
 * with it, and always sent (account mail, no preference turns it off).
 */
export async function noticeWayInChanged(tx: Queryable, ctx: NoticeContext, member: Member, what: string) {
  const when = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: ctx.config.timeZone,
    timeZoneName: "short",
  }).format(new Date());
  const mail = wayInChangedMail(member.name, {
    what,
    when,
    browser: browserOf(ctx.userAgent),
    address: ctx.ip || null,
    forgotPasswordUrl: `${ctx.config.appOrigin}/forgot-password`,
    securityUrl: `${ctx.config.appOrigin}/settings/security`,
  });
  await enqueueMail(tx, ctx.jobs, [{ to: member.email, ...mail }]);
}

/**
 * Mails her a link that confirms this session (her own, signed in with a password). Counted per
 * account, as each sends mail. A session that needs no confirmation is told so by the caller's
 * next step succeeding; asking anyway sends the link all the same.
 */
export async function sendSessionConfirmation(
  ctx: Pick<ApiContext, "db" | "jobs" | "throttle" | "config">,
  member: Member,
  session: Pick<CallerSession, "id">,
): Promise<void> {
  await ctx.throttle.take([CONFIRMATION_MAILS_PER_ACCOUNT, member.id]);
  const token = generateToken();
  const code = confirmationCode();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(sessionConfirmations).values({
      tokenHash: hashToken(token),
      codeHash: hashToken(code),
      userId: member.id,
      sessionId: session.id,
      expiresAt: new Date(Date.now() + CONFIRMATION_LINK_TTL_MS),
    });
    const url = `${ctx.config.appOrigin}/confirm-sign-in/${token}`;
    const mail = confirmSessionMail(member.name, url, code, CONFIRMATION_LINK_TTL_MS / 60_000);
    await enqueueMail(tx, ctx.jobs, [{ to: member.email, ...mail }]);
  });
}

/** Six digits, easy to read off a phone and type on another device. */
function confirmationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * The code from the mail, typed in the browser that asked. Six digits are few, so a session may
 * try a handful of times (CONFIRMATION_CODE_GUESSES, counted per session) and only its own codes
 * count: a code guessed right for another session opens nothing.
 */
export async function confirmSessionByCode(
  ctx: Pick<ApiContext, "db" | "throttle" | "ip" | "user">,
  member: Member,
  session: Pick<CallerSession, "id">,
  code: string,
): Promise<{ confirmedUntil: Date }> {
  const attempt = await ctx.throttle.take([CONFIRMATION_CODE_GUESSES, session.id]);
  const usable = and(
    eq(sessionConfirmations.codeHash, hashToken(code)),
    eq(sessionConfirmations.userId, member.id),
    eq(sessionConfirmations.sessionId, session.id),
    isNull(sessionConfirmations.usedAt),
    gt(sessionConfirmations.expiresAt, sql`now()`),
  );
  const confirmed = await markConfirmed(ctx, member, session, usable);
  if (!confirmed) throw badRequest(WRONG_CONFIRMATION_CODE);
  await attempt.succeeded();
  return confirmed;
}

/**
 * Uses the confirmation `usable` finds (in one statement, so of two tabs at once one confirms)
 * and lets the session add ways in for CONFIRMED_FOR_MS; null when there is none.
 */
async function markConfirmed(
  ctx: Pick<ApiContext, "db" | "ip" | "user">,
  member: Member,
  session: Pick<CallerSession, "id">,
  usable: SQL | undefined,
): Promise<{ confirmedUntil: Date } | null> {
  const confirmedUntil = new Date(Date.now() + CONFIRMED_FOR_MS);
  return ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(sessionConfirmations)
      .set({ usedAt: new Date() })
      .where(and(usable, eq(sessionConfirmations.userId, member.id), eq(sessionConfirmations.sessionId, session.id)))
      .returning({ id: sessionConfirmations.id });
    if (used.length === 0) return null;
    // A column the session caches ignore (no flush): read where needed with a query.
    await tx.update(sessions).set({ confirmedUntil }).where(eq(sessions.id, session.id));
    await recordAudit(tx, auditActor(ctx), {
      kind: "session.confirmed",
      targetId: member.id,
      targetEmail: member.email,
      detail: { until: confirmedUntil.toISOString() },
    });
    return { confirmedUntil };
  });
}

/**
 * Opening the mailed link, signed in, in the browser that asked: the link is used (once) and this
 * session may add ways in for CONFIRMED_FOR_MS. A link of another member, or asked for in another
 * session, is refused and left unused (she may still open it where it belongs). Wrong tokens are
 * counted per address like every one-time token's.
 */
export async function confirmSession(
  ctx: Pick<ApiContext, "db" | "throttle" | "ip" | "user">,
  member: Member,
  session: Pick<CallerSession, "id">,
  token: string,
): Promise<{ confirmedUntil: Date }> {
  const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
  const tokenHash = hashToken(token);
  const usable = and(
    eq(sessionConfirmations.tokenHash, tokenHash),
    isNull(sessionConfirmations.usedAt),
    gt(sessionConfirmations.expiresAt, sql`now()`),
  );
  const [found] = await ctx.db
    .select({ userId: sessionConfirmations.userId, sessionId: sessionConfirmations.sessionId })
    .from(sessionConfirmations)
    .where(usable);
  if (!found) throw badRequest(INVALID_CONFIRMATION);
  await attempt.succeeded();
  if (found.userId !== member.id) throw badRequest(CONFIRMATION_OF_ANOTHER_MEMBER);
  if (found.sessionId !== session.id) throw badRequest(CONFIRMATION_OF_ANOTHER_BROWSER);
  const confirmed = await markConfirmed(ctx, member, session, usable);
  if (!confirmed) throw badRequest(INVALID_CONFIRMATION);
  return confirmed;
}
