import {
  createSession,
  DEVICE_COOKIE_TTL_MS,
  deviceCookieKey,
  dummyPasswordHash,
  invalidateSession,
  issueDeviceCookie,
  type SignInMethod,
  verifyDeviceCookie,
  verifyPassword,
} from "@club/auth";
import { type User, users } from "@club/db";
import { eq } from "@club/db/orm";
import { accountLockedMail, enqueueMail } from "@club/mail";
import { messages } from "@club/shared";
import { TRPCError } from "@trpc/server";
import type { ApiContext } from "../../context";
import { LOGIN_PER_ACCOUNT, LOGIN_PER_DEVICE, LOGIN_PER_IP, THROTTLE_RECORDS, Throttled } from "../../throttle";
import { recordAudit } from "../audit/record";
import { browserSummary, describeUserAgent } from "./member-sessions";

type SignInContext = Pick<ApiContext, "db" | "throttle" | "jobs" | "config" | "ip" | "cookies">;

/**
 * Signs her in (see checkSignIn): the browser's earlier session ends, a new one is set in its
 * cookie, and the browser becomes one of her known devices.
 */
export async function signIn(
  ctx: SignInContext & Pick<ApiContext, "session" | "userAgent">,
  email: string,
  password: string,
): Promise<User> {
  const user = await checkSignIn(ctx, email, password);
  await startSession(ctx, user, "password");
  return user;
}

/**
 * The one way a browser becomes signed in (a password, a passkey, the identity provider): its
 * earlier session ends, a new one is set in its cookie with how and where it was signed in, and
 * the browser becomes one of her known devices. The audit log records the sign-in (how, the
 * browser, the address) in the session's transaction: once per sign-in, never per request
 * (docs/decisions/README.md, "What a sign-in record keeps, and the audit log in words").
 */
export async function startSession(
  ctx: SignInContext & Pick<ApiContext, "session" | "userAgent">,
  user: Pick<User, "id" | "email">,
  method: SignInMethod,
  /** What else names the way in (the identity provider's issuer). */
  extra: Record<string, string> = {},
): Promise<void> {
  const previous = ctx.session;
  const { token, expiresAt } = await ctx.db.transaction(async (tx) => {
    if (previous) await invalidateSession(tx, previous.id);
    const made = await createSession(tx, user.id, { method, userAgent: ctx.userAgent, ip: ctx.ip });
    await recordAudit(
      tx,
      { id: user.id, email: user.email, ip: ctx.ip || null },
      {
        kind: "sign_in.succeeded",
        targetId: user.id,
        targetEmail: user.email,
        detail: { method, browser: browserSummary(describeUserAgent(ctx.userAgent ?? null)), ...extra },
      },
    );
    return made;
  });
  ctx.cookies.setSession(token, expiresAt);
  await rememberDevice(ctx, user.id);
}

/** Ends the browser's session, if it has one, and clears its cookie. */
export async function signOut(ctx: Pick<ApiContext, "db" | "session" | "cookies">): Promise<void> {
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  ctx.cookies.clearSession();
}

/**
 * Checks an e-mail and password, throttled (see
 * docs/decisions/throttling-is-rate-limiter-flexible-counted-before.md): wrong passwords
 * count per address, and per account, unless the browser carries a device cookie from an earlier
 * sign-in to this account: then they count against that device instead, so someone locking the
 * account out from elsewhere does not keep her out of her own devices. The attempts are counted
 * before the password is hashed.
 */
async function checkSignIn(
  ctx: SignInContext & Pick<ApiContext, "userAgent">,
  email: string,
  password: string,
): Promise<User> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const device = user ? await knownDevice(ctx, user.id) : null;
  const attempt = await ctx.throttle
    // An account's count is kept under its id, so it follows her when she changes her address.
    .take([LOGIN_PER_IP, ctx.ip], device ? [LOGIN_PER_DEVICE, device] : [LOGIN_PER_ACCOUNT, user?.id ?? email])
    .catch(async (err: unknown) => {
      if (err instanceof Throttled) await recordThrottledSignIn(ctx, err, user ?? null, email);
      throw err;
    });
  // An unknown e-mail costs one hash too, so the answer's timing does not reveal accounts.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    // Only the wrong password that takes the account's last attempt sees it used up (the count is
    // atomic, and refused attempts take nothing), so she hears once per lockout, not once per guess.
    if (user && attempt.usedUp(LOGIN_PER_ACCOUNT)) await noticeLockout(ctx, user);
    await recordFailedSignIn(ctx, user ?? null);
    throw new TRPCError({ code: "UNAUTHORIZED", message: messages.loginFailed });
  }
  await attempt.succeeded();
  return user;
}

/**
 * A sign-in refused by the throttle goes to the audit log, once per locked key and window
 * (THROTTLE_RECORDS): under attack every guess is refused, and a record per guess would bury the
 * log (and fill the disk) while saying nothing more than the first. The key is the address when
 * the address's allowance is used up, else the account (or the device that stands for it). The
 * target is the account only when one has this e-mail: what was typed for an unknown account is
 * not kept, as it may be a member's password typed into the wrong field.
 */
async function recordThrottledSignIn(ctx: SignInContext, refusal: Throttled, user: User | null, email: string) {
  const byAddress = refusal.rule === LOGIN_PER_IP;
  if (!(await firstInWindow(ctx, `${byAddress ? "ip" : "account"}:${byAddress ? ctx.ip : email}`))) return;
  await recordAudit(
    ctx.db,
    { id: null, email: null, ip: ctx.ip || null },
    {
      kind: "sign_in.throttled",
      targetId: user?.id,
      targetEmail: user?.email,
      detail: { lockedBy: byAddress ? "address" : refusal.rule === LOGIN_PER_DEVICE ? "device" : "account" },
    },
  );
}

/** Whether this is the first record of `key` in its window (THROTTLE_RECORDS): the later ones are not written. */
async function firstInWindow(ctx: SignInContext, key: string): Promise<boolean> {
  try {
    await ctx.throttle.take([THROTTLE_RECORDS, key]);
    return true;
  } catch (err) {
    if (err instanceof Throttled) return false;
    throw err;
  }
}

/**
 * A wrong password (or an address that is no member's) goes to the audit log, once per account (or
 * per address, for unknown accounts) and window (THROTTLE_RECORDS): the first failure tells an
 * admin that someone tried; a record per guess under attack would bury the log. What was typed for
 * an unknown account is not kept (it may be a password typed into the wrong field).
 */
async function recordFailedSignIn(ctx: SignInContext & Pick<ApiContext, "userAgent">, user: User | null) {
  if (!(await firstInWindow(ctx, user ? `failed:${user.id}` : `failed-ip:${ctx.ip}`))) return;
  await recordAudit(
    ctx.db,
    { id: null, email: null, ip: ctx.ip || null },
    {
      kind: "sign_in.failed",
      targetId: user?.id,
      targetEmail: user?.email,
      detail: { browser: browserSummary(describeUserAgent(ctx.userAgent ?? null)) },
    },
  );
}

/** After a successful sign-in: this browser is now one of her known devices (a new nonce each time). */
async function rememberDevice(ctx: SignInContext, userId: string): Promise<void> {
  const key = await deviceCookieKey(ctx.db);
  ctx.cookies.setDevice(issueDeviceCookie(key, userId), new Date(Date.now() + DEVICE_COOKIE_TTL_MS));
}

/**
 * The nonce of the request's device cookie when it was issued for this member; otherwise null (the
 * attempt is a stranger's, counted against the account). A device cookie that has used up its own
 * allowance is refused by it, so a stolen one buys no more guesses than the account would give.
 */
async function knownDevice(ctx: SignInContext, userId: string): Promise<string | null> {
  const cookie = ctx.cookies.device();
  return cookie ? verifyDeviceCookie(await deviceCookieKey(ctx.db), cookie, userId) : null;
}

/** Tells her that her account is locked to new devices, and what she can do. */
async function noticeLockout(ctx: SignInContext, user: User): Promise<void> {
  const mail = accountLockedMail(
    user.name,
    `${ctx.config.appOrigin}/forgot-password`,
    LOGIN_PER_ACCOUNT.windowMs / 60_000,
  );
  await ctx.db.transaction((tx) => enqueueMail(tx, ctx.jobs, [{ to: user.email, ...mail }]));
}
