import { passkeys, users } from "@club/db";
import { and, eq } from "@club/db/orm";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { TRPCError } from "@trpc/server";
import type { ApiContext } from "../../context";
import { badRequest } from "../../errors";
import { LOGIN_PER_IP, PASSKEY_CHALLENGES_PER_IP } from "../../throttle";
import { startSession } from "../ways-in/sign-in";
import {
  CHALLENGE_TTL_MS,
  challengeOf,
  fromBase64Url,
  keepChallenge,
  PASSKEY_NOT_VERIFIED,
  relyingParty,
  takeChallenge,
  toBase64Url,
  userHandleOf,
  webAuthn,
  webAuthnHelpers,
} from "./ceremony";

// The Login screen: signing in with any of the club's passkeys, no e-mail asked.

export const UNKNOWN_PASSKEY =
  "This passkey is not known to the club (it may have been removed). Sign in with your e-mail and password.";
export const PASSKEY_CLONED =
  "This passkey's counter went back, which a copied authenticator does: it was refused. Sign in with your password and remove it in Settings.";

/**
 * What the Login screen needs to ask for any of the club's passkeys: no allowCredentials (the
 * authenticator offers the discoverable ones it holds for this host). Each call keeps a row, so
 * they are counted per address.
 */
export async function signInOptions(ctx: Pick<ApiContext, "db" | "config" | "throttle" | "ip">) {
  await ctx.throttle.take([PASSKEY_CHALLENGES_PER_IP, ctx.ip]);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).rpID,
    userVerification: "required",
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
  if (handle !== undefined && handle !== toBase64Url(userHandleOf(user.id))) throw refused(UNKNOWN_PASSKEY);

  await verifyAssertion(ctx, response, challenge, passkey);

  await attempt.succeeded();
  await startSession(ctx, user, "passkey");
  return user;
}

/**
 * The checks every passkey answer passes once its challenge is taken and its credential found
 * (signing in, confirming a deletion): a signature counter that did not go forward refused (a
 * cloned authenticator), the signature checked with the stored key, then the counter moved.
 */
export async function verifyAssertion(
  ctx: Pick<ApiContext, "db" | "config">,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: typeof passkeys.$inferSelect,
): Promise<void> {
  // Checked here too (the library refuses it with a bare error) so the member hears why.
  const [{ verifyAuthenticationResponse }, { parseAuthenticatorData }] = await Promise.all([
    webAuthn(),
    webAuthnHelpers(),
  ]);
  let counter: number;
  try {
    counter = parseAuthenticatorData(fromBase64Url(response.response.authenticatorData)).counter;
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
      publicKey: fromBase64Url(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    // A passkey counts as more than a password (the admins' sign-in rule, confirming acts), so
    // it must be two factors: the device and her PIN or biometrics (docs/decisions/README.md, "Passkeys").
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw refused(PASSKEY_NOT_VERIFIED);

  // Compare-and-set: of two answers signed with one counter value racing here, one wins.
  const moved = await ctx.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw refused(PASSKEY_CLONED);
}
