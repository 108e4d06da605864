import { passkeys, type Queryable } from "@club/db";
import { desc } from "@club/db/orm";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { ApiContext, CallerSession } from "../../context";
import { badRequest, conflict } from "../../errors";
import {
  lockMember,
  ownPasskey,
  ownPasskeys,
  passkeyNotFound,
  requireAnotherWayIn,
  requireConfirmedForNewWayIn,
  type Viewer,
} from "../access";
import { auditActor, recordAudit } from "../audit/record";
import { browserOf, noticeWayInChanged } from "../ways-in/new-ways-in";
import {
  CHALLENGE_TTL_MS,
  challengeOf,
  keepChallenge,
  PASSKEY_NOT_VERIFIED,
  RP_NAME,
  relyingParty,
  takeChallenge,
  toBase64Url,
  userHandleOf,
  webAuthn,
} from "./ceremony";

// Settings → Security: a member adds, lists, renames and removes her own passkeys.

export const PASSKEY_ALREADY_ADDED = "This passkey is already added to an account.";

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
 * has one; a plain security key still works), none of her existing passkeys again. A session
 * signed in with a password alone must have been confirmed by e-mail first (the access module);
 * the challenge, bound to her and five minutes long, then carries that to `addPasskey`.
 */
export async function registrationOptions(
  ctx: Pick<ApiContext, "db" | "config"> & { session: Pick<CallerSession, "id" | "method"> },
  member: Member,
) {
  await requireConfirmedForNewWayIn(ctx.db, ctx.session);
  const existing = await ctx.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(ownPasskeys(member));
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx.config).rpID,
    userID: userHandleOf(member.id),
    userName: member.email,
    userDisplayName: member.name,
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  await keepChallenge(ctx.db, options.challenge, "register", member.id);
  return options;
}

/** A name for a new passkey when she gives none: the browser it was made in ("Chrome on macOS"). */
export function defaultPasskeyName(userAgent: string | null): string {
  const browser = browserOf(userAgent);
  return browser?.includes(" on ") ? browser : "Passkey";
}

/**
 * Checks the browser's answer to `registrationOptions` and keeps the passkey, with its audit record
 * and the notice to her address in the same transaction. The challenge is taken first, in its own statement, so an answer that
 * fails verification has still used it up.
 */
export async function addPasskey(
  ctx: Pick<ApiContext, "db" | "config" | "ip" | "userAgent" | "user" | "jobs">,
  member: Member,
  response: RegistrationResponseJSON,
  name: string | undefined,
) {
  const challenge = challengeOf(response.response.clientDataJSON);
  await takeChallenge(ctx.db, challenge, "register", member.id);
  const { rpID, origin } = relyingParty(ctx.config);
  const { verifyRegistrationResponse } = await webAuthn();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    // A passkey counts as more than a password (the admins' sign-in rule, confirming acts), so
    // it must be two factors: the device and her PIN or biometrics (docs/decisions/README.md, "Passkeys").
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: member.id,
        credentialId: credential.id,
        publicKey: toBase64Url(credential.publicKey),
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
    await noticeWayInChanged(tx, ctx, member, `A passkey ("${row.name}") was added`);
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
 * Removes one of her passkeys, with its audit record and the notice to her address in the same
 * transaction, unless it is her last way in (the access module's rule, shared with unlinking an identity).
 */
export async function removePasskey(
  ctx: Pick<ApiContext, "db" | "ip" | "user" | "jobs" | "config" | "userAgent">,
  member: Member,
  id: string,
) {
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    await requireAnotherWayIn(tx, member.id, { kind: "passkey", id });
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
    await noticeWayInChanged(tx, ctx, member, `The passkey "${row.name}" was removed`);
  });
}
