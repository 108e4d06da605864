import { passkeys } from "@club/db";
import { and, eq } from "@club/db/orm";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { ApiContext } from "../../context";
import { badRequest } from "../../errors";
import {
  CHALLENGE_TTL_MS,
  challengeOf,
  keepChallenge,
  PASSKEY_NOT_VERIFIED,
  relyingParty,
  takeChallenge,
  webAuthn,
} from "./ceremony";
import { verifyAssertion } from "./sign-in";

// Re-entering one of her own passkeys to confirm an act (deleting her account), as a password is
// re-entered: the same ceremony as signing in, but bound to her and to her own credentials.

export const NO_PASSKEYS = "You have no passkey. Confirm with your password.";

/** Options asking for one of her passkeys; the challenge is kept for her, for confirming only. */
export async function confirmationOptions(ctx: Pick<ApiContext, "db" | "config">, userId: string) {
  const mine = await ctx.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (mine.length === 0) throw badRequest(NO_PASSKEYS);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).rpID,
    // Only hers: another member's passkey on the same device must not confirm her deletion.
    allowCredentials: mine,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(ctx.db, options.challenge, "confirm", userId);
  return options;
}

/**
 * Her answer to `confirmationOptions`: the challenge taken once (hers, for confirming), the
 * credential hers, and the signature as good as at sign-in. Refuses otherwise.
 */
export async function confirmWithPasskey(
  ctx: Pick<ApiContext, "db" | "config">,
  userId: string,
  response: AuthenticationResponseJSON,
): Promise<void> {
  const challenge = challengeOf(response.response.clientDataJSON);
  await takeChallenge(ctx.db, challenge, "confirm", userId);
  const [passkey] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, userId)));
  if (!passkey) throw badRequest(PASSKEY_NOT_VERIFIED);
  await verifyAssertion(ctx, response, challenge, passkey);
}
