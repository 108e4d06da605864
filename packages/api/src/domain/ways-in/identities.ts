// Signing in with the club's OpenID Connect provider, and the identities linked to members
// (docs/decisions/README.md, "Signing in with an identity provider"). The club is by invitation only: an
// identity signs in a member it is linked to, or links itself the first time to the member whose
// e-mail its provider has verified (never one she unlinked); it never creates an account.
import { createHash, timingSafeEqual } from "node:crypto";
import { oidcLogins, type Queryable, type User, userIdentities, users } from "@club/db";
import { and, desc, eq, isNull, lt } from "@club/db/orm";
import { emailKey, keptPath, type OidcRefusal } from "@club/shared";
import type { ApiContext } from "../../context";
import { IDENTITY_NOT_FOUND, notFound } from "../../errors";
import { PROVIDER_SIGN_INS_PER_IP } from "../../throttle";
import { lockMember, requireAnotherWayIn, requireConfirmedForNewWayIn } from "../access";
import { type AuditActor, recordAudit } from "../audit/record";
import { noticeWayInChanged } from "./new-ways-in";
import { authorizationUrl, exchangeCode, newChecks, type OidcIdentity, oidcConfiguration } from "./oidc-client";
import { startSession } from "./sign-in";

/** How long a sign-in started at the provider may take to come back. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;

export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";

type OidcContext = Pick<
  ApiContext,
  "db" | "config" | "user" | "session" | "ip" | "userAgent" | "cookies" | "throttle" | "jobs"
>;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

/** The provider's name for the Login screen and Settings; null when none is configured. */
export function oidcProvider(ctx: Pick<ApiContext, "config">): { label: string } | null {
  return ctx.config.oidc ? { label: ctx.config.oidc.label } : null;
}

/**
 * Starts a sign-in (from the Login screen) or a link (from Settings, for the signed-in member) at
 * the provider: the state, nonce and PKCE verifier are kept server-side under the state's hash for
 * ten minutes, the state also in a cookie of this browser, and the browser is sent to the URL returned.
 * A link from a session signed in with a password alone needs it confirmed by e-mail first (the
 * access module): checked before the provider is asked anything.
 */
export async function startOidc(
  ctx: OidcContext,
  intent: "sign_in" | "link",
  options: { userId?: string; redirect?: string | null } = {},
): Promise<URL> {
  const settings = ctx.config.oidc;
  if (!settings) throw notFound("Signing in with an identity provider is not set up for this club.");
  if (intent === "link" && ctx.session) await requireConfirmedForNewWayIn(ctx.db, ctx.session);
  // Each start keeps a row for ten minutes: counted per address, like the passkey prompts.
  await ctx.throttle.take([PROVIDER_SIGN_INS_PER_IP, ctx.ip]);
  const config = await oidcConfiguration(settings);
  const checks = newChecks();
  const expiresAt = new Date(Date.now() + OIDC_LOGIN_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    // Sign-ins never finished are dropped as new ones start (housekeeping needs no job for them).
    await tx.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date()));
    await tx.insert(oidcLogins).values({
      stateHash: hashState(checks.state),
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      intent,
      userId: intent === "link" ? (options.userId ?? null) : null,
      redirect: keptPath(options.redirect),
      expiresAt,
    });
  });
  ctx.cookies.setOidcState(checks.state, expiresAt);
  return authorizationUrl(config, `${ctx.config.appOrigin}${OIDC_CALLBACK_PATH}`, checks);
}

export type OidcOutcome =
  | { ok: true; intent: "sign_in"; redirect: string | null; admin: boolean }
  | { ok: true; intent: "link"; alreadyLinked: boolean }
  | {
      ok: false;
      refusal: OidcRefusal;
      /** Which screen tells her: the Login screen, or Settings for a link. */
      intent: "sign_in" | "link";
      /** A callback that was not to be trusted (forged, replayed, expired, another browser's): answered 4xx. */
      forged: boolean;
      cause?: unknown;
    };

const refuse = (refusal: OidcRefusal, intent: "sign_in" | "link", forged = false, cause?: unknown): OidcOutcome => ({
  ok: false,
  refusal,
  intent,
  forged,
  cause,
});

/**
 * The provider sent the browser back. In order: the state must be this browser's (its cookie);
 * the pending sign-in is taken by it once (deleted as it is read: a replay finds nothing); the
 * code is exchanged and the ID token verified; then the identity signs in or is linked.
 */
export async function finishOidc(ctx: OidcContext, callbackUrl: URL): Promise<OidcOutcome> {
  const settings = ctx.config.oidc;
  if (!settings) return refuse("not_configured", "sign_in", true);
  const state = callbackUrl.searchParams.get("state") ?? "";
  const bound = ctx.cookies.oidcState();
  ctx.cookies.clearOidcState();
  if (!state || !bound || !sameText(state, bound)) return refuse("state", "sign_in", true);
  const [pending] = await ctx.db
    .delete(oidcLogins)
    .where(eq(oidcLogins.stateHash, hashState(state)))
    .returning();
  if (!pending || pending.expiresAt < new Date()) return refuse("expired", pending?.intent ?? "sign_in", true);
  const intent = pending.intent;

  const config = await oidcConfiguration(settings);
  const exchanged = await exchangeCode(config, callbackUrl, {
    state,
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
  });
  if (!exchanged.ok) return refuse(exchanged.failure, intent, exchanged.failure === "code", exchanged.cause);
  const identity = exchanged.identity;

  if (intent === "link") {
    // The member who started it must still be the one signed in in this browser.
    if (!pending.userId || !ctx.user || ctx.user.id !== pending.userId) return refuse("session_changed", "link");
    const actor = { id: ctx.user.id, email: ctx.user.email, ip: ctx.ip || null };
    const user = ctx.user;
    const linked = await ctx.db.transaction((tx) => linkIdentity(tx, ctx, settings.issuer, identity, user, actor));
    if (linked === "elsewhere") return refuse("linked_elsewhere", "link");
    return { ok: true, intent: "link", alreadyLinked: linked === "already" };
  }

  const member = await memberFor(ctx, settings.issuer, identity);
  if (!member.ok) return refuse(member.refusal, "sign_in");
  await startSession(ctx, member.user, "oidc", { issuer: settings.issuer });
  return { ok: true, intent: "sign_in", redirect: pending.redirect, admin: member.user.admin };
}

/**
 * The member an identity signs in: the one it is linked to; else, the first time, the member whose
 * e-mail is the identity's verified e-mail, and the identity is then linked to her. Nobody else,
 * and never by itself an identity she unlinked: only her "Connect" in Settings links it again.
 */
async function memberFor(
  ctx: OidcContext,
  issuer: string,
  identity: OidcIdentity,
): Promise<{ ok: true; user: User } | { ok: false; refusal: OidcRefusal }> {
  return ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .update(userIdentities)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(userIdentities.issuer, issuer),
          eq(userIdentities.subject, identity.subject),
          isNull(userIdentities.unlinkedAt),
        ),
      )
      .returning({ userId: userIdentities.userId });
    if (known) {
      const [user] = await tx.select().from(users).where(eq(users.id, known.userId));
      return user ? { ok: true as const, user } : { ok: false as const, refusal: "not_member" as const };
    }
    // Unlinked (she took it away, perhaps because it was taken over): its e-mail counts for nothing.
    const [unlinked] = await tx
      .select({ id: userIdentities.id })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, identity.subject)));
    if (unlinked) return { ok: false as const, refusal: "unlinked" as const };
    // A provider's word that she owns the address is what lets it stand for her club account.
    if (!identity.email || !identity.emailVerified) return { ok: false as const, refusal: "unverified" as const };
    // Compared as stored e-mails are everywhere (`emailKey`): a look-alike address matches no one.
    const email = emailKey(identity.email);
    const [user] = email ? await tx.select().from(users).where(eq(users.email, email)) : [];
    if (!user) return { ok: false as const, refusal: "not_member" as const };
    const actor = { id: user.id, email: user.email, ip: ctx.ip || null };
    const result = await linkIdentity(tx, ctx, issuer, identity, user, actor, "verified e-mail");
    if (result === "elsewhere") return { ok: false as const, refusal: "linked_elsewhere" as const };
    if (result === "unlinked") return { ok: false as const, refusal: "unlinked" as const };
    await tx
      .update(userIdentities)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, identity.subject)));
    return { ok: true as const, user };
  });
}

/**
 * Links the identity to the member, with its audit record and the notice to her address in the
 * same transaction. An identity already linked to her is left as it is; one linked to another
 * member is not moved. One that was unlinked (by her or by another member) is linked again only by
 * an explicit "Connect" in Settings (`via: "settings"`), never through a verified e-mail.
 */
async function linkIdentity(
  tx: Queryable,
  ctx: OidcContext,
  issuer: string,
  identity: OidcIdentity,
  user: Pick<User, "id" | "email" | "name">,
  actor: AuditActor,
  via: "settings" | "verified e-mail" = "settings",
): Promise<"linked" | "already" | "elsewhere" | "unlinked"> {
  const pair = and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, identity.subject));
  let [row] = await tx
    .insert(userIdentities)
    .values({ userId: user.id, issuer, subject: identity.subject, email: identity.email })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  if (!row) {
    const [existing] = await tx
      .select({ userId: userIdentities.userId, unlinkedAt: userIdentities.unlinkedAt })
      .from(userIdentities)
      .where(pair)
      .for("update");
    if (!existing?.unlinkedAt) return existing?.userId === user.id ? ("already" as const) : ("elsewhere" as const);
    if (via !== "settings") return "unlinked" as const;
    // Connected again: linked as new, to whoever connects it now.
    [row] = await tx
      .update(userIdentities)
      .set({ userId: user.id, email: identity.email, unlinkedAt: null, createdAt: new Date(), lastUsedAt: null })
      .where(pair)
      .returning({ id: userIdentities.id });
    if (!row) return "elsewhere" as const;
  }
  await recordAudit(tx, actor, {
    kind: "identity.linked",
    targetId: user.id,
    targetEmail: user.email,
    detail: { identityId: row.id, issuer, subject: identity.subject, email: identity.email, via },
  });
  await noticeWayInChanged(
    tx,
    ctx,
    user,
    `Your account at ${providerName(ctx, issuer)}${identity.email ? ` (${identity.email})` : ""} was connected, so it now signs you in`,
  );
  return "linked" as const;
}

/** How the notices name the provider: its label, or the issuer's host when it is no longer configured. */
function providerName(ctx: Pick<ApiContext, "config">, issuer: string): string {
  if (ctx.config.oidc?.issuer === issuer) return ctx.config.oidc.label;
  try {
    return new URL(issuer).hostname;
  } catch {
    return issuer;
  }
}

/** Her linked identities, newest first: which account at the provider, when linked and last used. */
export function listIdentities(db: Queryable, userId: string) {
  return db
    .select({
      id: userIdentities.id,
      issuer: userIdentities.issuer,
      email: userIdentities.email,
      createdAt: userIdentities.createdAt,
      lastUsedAt: userIdentities.lastUsedAt,
    })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), isNull(userIdentities.unlinkedAt)))
    .orderBy(desc(userIdentities.createdAt));
}

/**
 * Unlinks one of her identities (another's is "not found"), unless it is her last way in; the
 * audit record and the notice to her address are written in the same transaction. The row stays,
 * marked unlinked, so that the identity's verified e-mail does not link it again at its next
 * sign-in: she may have unlinked it because someone else holds it.
 */
export async function unlinkIdentity(
  ctx: Pick<ApiContext, "db" | "ip" | "jobs" | "config" | "userAgent"> & { user: Pick<User, "id" | "email" | "name"> },
  identityId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, ctx.user.id);
    const [identity] = await tx
      .select()
      .from(userIdentities)
      .where(
        and(
          eq(userIdentities.id, identityId),
          eq(userIdentities.userId, ctx.user.id),
          isNull(userIdentities.unlinkedAt),
        ),
      );
    if (!identity) throw notFound(IDENTITY_NOT_FOUND);
    await requireAnotherWayIn(tx, ctx.user.id, { kind: "identity", id: identity.id });
    await tx.update(userIdentities).set({ unlinkedAt: new Date() }).where(eq(userIdentities.id, identity.id));
    await recordAudit(
      tx,
      { id: ctx.user.id, email: ctx.user.email, ip: ctx.ip || null },
      {
        kind: "identity.unlinked",
        targetId: ctx.user.id,
        targetEmail: ctx.user.email,
        detail: { identityId: identity.id, issuer: identity.issuer, subject: identity.subject, email: identity.email },
      },
    );
    await noticeWayInChanged(
      tx,
      ctx,
      ctx.user,
      `Your account at ${providerName(ctx, identity.issuer)}${identity.email ? ` (${identity.email})` : ""} was disconnected, so it no longer signs you in`,
    );
  });
}

/** Compares two states in constant time (a guessed state learns nothing from the timing). */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
