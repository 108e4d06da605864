import { type ChallengePurpose, type Queryable, webauthnChallenges } from "@club/db";
import { and, eq, gt, lt } from "@club/db/orm";
import { z } from "zod";
import type { ApiContext } from "../../context";
import { badRequest } from "../../errors";

/**
 * Passkeys (docs/decisions/README.md, "Passkeys"): WebAuthn credentials a member adds in Settings and
 * signs in with on the Login screen, without an e-mail (discoverable credentials). Every challenge
 * handed out is a row of `webauthn_challenges`, taken (deleted) by the first answer that carries
 * it, whatever that answer turns out to be, so it serves once, and only for CHALLENGE_TTL_MS.
 *
 * This file: what adding a passkey and signing in share (the relying party, the user handle, the
 * challenges); manage.ts: Settings; sign-in.ts: the Login screen.
 */

/** How long a challenge (and the browser's prompt) lasts: long enough to find a phone, no longer. */
/**
 * @simplewebauthn/server, loaded at the first ceremony rather than at start: with its ASN.1, CBOR
 * and X.509 parsers it holds about 5 MB of heap that a server whose members use no passkey never
 * needs (docs/decisions/README.md, "The embedded database's memory"). Node keeps a module once loaded.
 */
export const webAuthn = () => import("@simplewebauthn/server");
export const webAuthnHelpers = () => import("@simplewebauthn/server/helpers");

/** The base64url text WebAuthn's JSON carries, to bytes and back (padding or none, as browsers send). */
export const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, "base64url"));
export const toBase64Url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const RP_NAME = "The Club";

export const CHALLENGE_EXPIRED = "This passkey request has expired or was already used. Please try again.";
export const PASSKEY_NOT_VERIFIED = "The passkey's answer could not be verified. Please try again.";

/** The relying party is the club's own host name; a passkey works on that origin only. */
export function relyingParty(config: ApiContext["config"]) {
  return { rpID: new URL(config.appOrigin).hostname, origin: config.appOrigin };
}

/** Her WebAuthn user handle: the 16 bytes of her uuid, so the handle names no personal data. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll("-", ""), "hex"));
}

const clientData = z.object({ challenge: z.string().min(1).max(512) });

/** The challenge an answer carries, read from its clientDataJSON (the library checks the rest). */
export function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = clientData.safeParse(JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")));
    if (parsed.success) return parsed.data.challenge;
  } catch {
    // Not base64url, or not JSON: refused below like any answer without a challenge.
  }
  throw badRequest(PASSKEY_NOT_VERIFIED);
}

/** Takes a challenge once: deleted if it is still valid for this purpose (and member), else refused. */
export async function takeChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
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

export async function keepChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
) {
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
