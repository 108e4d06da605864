import { type Queryable, serverSecrets } from "@club/db";
import { eq } from "@club/db/orm";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64, decodeBase64urlIgnorePadding, encodeBase64, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { generateToken } from "./tokens";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account with the right password carries `{nonce}.{HMAC(key, userId:nonce)}`.
 * Wrong passwords from it count against that device, not against the account, so a stranger who
 * locks the account out does not lock out the member's own devices. The cookie names no account
 * (the HMAC is checked against the account being signed in to) and nothing about it is stored.
 */
export const DEVICE_COOKIE = "club_device";
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

const DEVICE_KEY = "device-cookie";
const encoder = new TextEncoder();

const sign = (key: Uint8Array, userId: string, nonce: string) =>
  hmac(SHA256, key, encoder.encode(`${userId}:${nonce}`));

/** A new device cookie's value for this member. */
export function issueDeviceCookie(key: Uint8Array, userId: string): string {
  const nonce = generateToken();
  return `${nonce}.${encodeBase64urlNoPadding(sign(key, userId, nonce))}`;
}

/** The cookie's nonce (the device's name for its own throttle) when it was issued for this member; else null. */
export function verifyDeviceCookie(key: Uint8Array, value: string, userId: string): string | null {
  const [nonce, signature, ...rest] = value.split(".");
  if (!nonce || !signature || rest.length > 0 || nonce.length > 64) return null;
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(signature);
  } catch {
    return null;
  }
  return constantTimeEqual(given, sign(key, userId, nonce)) ? nonce : null;
}

const keys = new WeakMap<Queryable, Promise<Uint8Array>>();

/**
 * The device cookies' HMAC key: 256 random bits made by the first instance that needs them and kept
 * in `server_secrets`, so every instance (and every restart) checks the cookies the others issued.
 */
export function deviceCookieKey(db: Queryable): Promise<Uint8Array> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    // A failed read (the database was down) is tried again by the next sign-in.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

async function loadKey(db: Queryable): Promise<Uint8Array> {
  const fresh = new Uint8Array(32);
  crypto.getRandomValues(fresh);
  // Two instances starting together both insert; the first one's key is the one everyone reads.
  await db
    .insert(serverSecrets)
    .values({ name: DEVICE_KEY, value: encodeBase64(fresh) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, DEVICE_KEY));
  if (!row) throw new Error("The device cookie key could not be stored.");
  return decodeBase64(row.value);
}
