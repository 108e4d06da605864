import { passkeys, type Queryable, users, webauthnChallenges } from "@club/db";
import { and, desc, eq, gt, lt } from "@club/db/orm";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL, parseAuthenticatorData } from "@simplewebauthn/server/helpers";
import { TRPCError } from "@trpc/server";
import Bowser from "bowser";
import { z } from "zod";
import type { ApiContext } from "../context";
import { badRequest, conflict } from "../errors";
import { LOGIN_PER_IP, PASSKEY_CHALLENGES_PER_IP } from "../throttle";
import { ownPasskey, ownPasskeys, passkeyNotFound, type Viewer } from "./access";
import { auditActor, recordAudit } from "./audit";
import { startSession } from "./sign-in";

/**
 * Passkeys (docs/decisions.md, "Passkeys"): WebAuthn credentials a member adds in Settings and
 * signs in with on the Login screen, without an e-mail (discoverable credentials). Every challenge
 * handed out is a row of `webauthn_challenges`, taken (deleted) by the first answer that carries
 * it, whatever that answer turns out to be, so it serves once, and only for CHALLENGE_TTL_MS.
 */

/** How long a challenge (and the browser's prompt) lasts: long enough to find a phone, no longer. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = "The Club";

export const CHALLENGE_EXPIRED = "This passkey request has expired or was already used. Please try again.";
export const PASSKEY_NOT_VERIFIED = "The passkey's answer could not be verified. Please try again.";
export const PASSKEY_ALREADY_ADDED = "This passkey is already added to an account.";
export const UNKNOWN_PASSKEY =
  "This passkey is not known to the club (it may have been removed). Sign in with your e-mail and password.";
export const PASSKEY_CLONED =
  "This passkey's counter went back, which a copied authenticator does: it was refused. Sign in with your password and remove it in Settings.";

/** The relying party is the club's own host name; a passkey works on that origin only. */
function relyingParty(config: ApiContext["config"]) {
  return { rpID: new URL(config.appOrigin).hostname, origin: config.appOrigin };
}

/** Her WebAuthn user handle: the 16 bytes of her uuid, so the handle names no personal data. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll("-", ""), "hex"));
}

const clientData = z.object({ challenge: z.string().min(1).max(512) });

/** The challenge an answer carries, read from its clientDataJSON (the library checks the rest). */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = clientData.safeParse(JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)));
    if (parsed.success) return parsed.data.challenge;
  } catch {
    // Not base64url, or not JSON: refused below like any answer without a challenge.
  }
  throw badRequest(PASSKEY_NOT_VERIFIED);
}

/** Takes a challenge once: deleted if it is still valid for this purpose (and member), else refused. */
async function takeChallenge(
  db: Queryable,
  challenge: string,
  purpose: "register" | "sign_in",
  userId: string | null,
): Promise<void> {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : undefined,
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (taken.length === 0) throw badRequest(CHALLENGE_EXPIRED);
}

async function keepChallenge(db: Queryable, challenge: string, purpose: "register" | "sign_in", userId: string | null) {
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/** Expired challenges, for housekeeping: an unanswered prompt leaves its row behind. */
export async function deleteExpiredChallenges(db: Queryable): Promise<number> {
  const gone = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, new Date()))
    .returning({ challenge: webauthnChallenges.challenge });
  return gone.length;
}

/** Settings → Security: her passkeys, newest first (never the key itself). */
export function listPasskeys(db: Queryable, viewer: Viewer) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(ownPasskeys(viewer))
    .orderBy(desc(passkeys.createdAt));
}

type Member = Viewer & { email: string; name: string };

/**
 * What the browser needs to make a passkey for her: discoverable (a resident key, so the Login
 * screen needs no e-mail), user verification preferred (a PIN or fingerprint where the authenticator
 * has one; a plain security key still works), none of her existing passkeys again.
 */
export async function registrationOptions(ctx: Pick<ApiContext, "db" | "config">, member: Member) {
  const existing = await ctx.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(ownPasskeys(member));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx.config).rpID,
    userID: userHandleOf(member.id),
    userName: member.email,
    userDisplayName: member.name,
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
  });
  await keepChallenge(ctx.db, options.challenge, "register", member.id);
  return options;
}

/** A name for a new passkey when she gives none: the browser it was made in ("Chrome on macOS"). */
export function defaultPasskeyName(userAgent: string | null): string {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name;
  const os = parsed?.os.name;
  if (browser && os) return `${browser} on ${os}`.slice(0, 60);
  return "Passkey";
}

/**
 * Checks the browser's answer to `registrationOptions` and keeps the passkey, with its audit record
 * in the same transaction. The challenge is taken first, in its own statement, so an answer that
 * fails verification has still used it up.
 */
export async function addPasskey(
  ctx: Pick<ApiContext, "db" | "config" | "ip" | "userAgent" | "user">,
  member: Member,
  response: RegistrationResponseJSON,
  name: string | undefined,
) {
  const challenge = challengeOf(response.response.clientDataJSON);
  await takeChallenge(ctx.db, challenge, "register", member.id);
  const { rpID, origin } = relyingParty(ctx.config);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: member.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: name ?? defaultPasskeyName(ctx.userAgent),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt });
    if (!row) throw conflict(PASSKEY_ALREADY_ADDED);
    await recordAudit(tx, auditActor(ctx), {
      kind: "passkey.added",
      targetId: member.id,
      targetEmail: member.email,
      detail: { passkeyId: row.id, name: row.name, deviceType: credentialDeviceType, backedUp: credentialBackedUp },
    });
    return row;
  });
}

export async function renamePasskey(db: Queryable, viewer: Viewer, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(ownPasskey(viewer, id))
    .returning({ id: passkeys.id, name: passkeys.name });
  if (!row) throw passkeyNotFound();
  return row;
}

/**
 * Removes one of her passkeys, with its audit record in the same transaction. Every member has a
 * password today, so removing a passkey never leaves her without a way in; the rule that keeps one
 * belongs with linked identities, when there is a way in that can be the last one.
 */
export async function removePasskey(ctx: Pick<ApiContext, "db" | "ip" | "user">, member: Member, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(ownPasskey(member, id))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!row) throw passkeyNotFound();
    await recordAudit(tx, auditActor(ctx), {
      kind: "passkey.removed",
      targetId: member.id,
      targetEmail: member.email,
      detail: { passkeyId: row.id, name: row.name },
    });
  });
}

/**
 * What the Login screen needs to ask for any of the club's passkeys: no allowCredentials (the
 * authenticator offers the discoverable ones it holds for this host). Each call keeps a row, so
 * they are counted per address.
 */
export async function signInOptions(ctx: Pick<ApiContext, "db" | "config" | "throttle" | "ip">) {
  await ctx.throttle.take([PASSKEY_CHALLENGES_PER_IP, ctx.ip]);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).rpID,
    userVerification: "preferred",
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(ctx.db, options.challenge, "sign_in", null);
  return options;
}

const refused = (message: string) => new TRPCError({ code: "UNAUTHORIZED", message });

/**
 * Signs her in with a passkey: the challenge taken once, the credential found by its id, the user
 * handle the authenticator returns matched to the credential's member, the signature checked with
 * the stored key, and a signature counter that did not go forward refused (a cloned authenticator).
 * Counted like wrong passwords per address; a success gives its attempt back. A member with a
 * temporary password is signed in all the same and, as after a password, may only change it.
 */
export async function signInWithPasskey(
  ctx: Pick<ApiContext, "db" | "config" | "throttle" | "ip" | "userAgent" | "session" | "cookies" | "jobs">,
  response: AuthenticationResponseJSON,
) {
  const attempt = await ctx.throttle.take([LOGIN_PER_IP, ctx.ip]);
  const challenge = challengeOf(response.response.clientDataJSON);
  await takeChallenge(ctx.db, challenge, "sign_in", null);

  const [found] = await ctx.db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id));
  if (!found) throw refused(UNKNOWN_PASSKEY);
  const { passkey, user } = found;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandleOf(user.id))) throw refused(UNKNOWN_PASSKEY);

  // Checked here too (the library refuses it with a bare error) so the member hears why.
  let counter: number;
  try {
    counter = parseAuthenticatorData(isoBase64URL.toBuffer(response.response.authenticatorData)).counter;
  } catch {
    throw badRequest(PASSKEY_NOT_VERIFIED);
  }
  if ((counter > 0 || passkey.counter > 0) && counter <= passkey.counter) throw refused(PASSKEY_CLONED);

  const { rpID, origin } = relyingParty(ctx.config);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw refused(PASSKEY_NOT_VERIFIED);

  // Compare-and-set: of two answers signed with one counter value racing here, one wins.
  const moved = await ctx.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw refused(PASSKEY_CLONED);

  await attempt.succeeded();
  await startSession(ctx, user.id, "passkey");
  return user;
}
