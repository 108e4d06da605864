import { type Queryable, serverSecrets } from "@club/db";
import { eq } from "@club/db/orm";
import { ROW_ID_PATTERN } from "@club/shared/row-id";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64, decodeBase64urlIgnorePadding, encodeBase64, encodeBase64urlNoPadding } from "@oslojs/encoding";

/**
 * Unsubscribe tokens (docs/decisions/one-click-unsubscribe-and-mail-preferences.md):
 * `{kind}-{userId}-{base64url(HMAC-SHA256(key, "unsubscribe:{userId}:{kind}"))}` (no dots: the URL must
 * not look like a file's name to the server, which answers those as static files). Nothing is stored per mail:
 * the token is the same in every mail of that kind to that member, and stays good for as long as
 * the key does. The first key signs; every key verifies, so a new key is added in front of the
 * old one (UNSUBSCRIBE_SECRET) and the old one dropped once the mails it signed are stale.
 */
const encoder = new TextEncoder();
/** The kind (letters), the member's id and the signature have fixed shapes, so dashes cannot confuse them. */
const TOKEN = new RegExp(`^([a-z]{1,20})-(${ROW_ID_PATTERN})-([A-Za-z0-9_-]{43})$`);

const sign = (key: Uint8Array, userId: string, kind: string) =>
  hmac(SHA256, key, encoder.encode(`unsubscribe:${userId}:${kind}`));

export function signUnsubscribeToken(keys: readonly Uint8Array[], userId: string, kind: string): string {
  const [key] = keys;
  if (!key) throw new Error("No unsubscribe key.");
  return `${kind}-${userId}-${encodeBase64urlNoPadding(sign(key, userId, kind))}`;
}

/** The member and kind a token was signed for by one of the keys; null for anything else. */
export function verifyUnsubscribeToken(
  keys: readonly Uint8Array[],
  token: string,
): { userId: string; kind: string } | null {
  const [, kind, userId, signature] = TOKEN.exec(token) ?? [];
  if (!kind || !userId || !signature) return null;
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(signature);
  } catch {
    return null;
  }
  return keys.some((key) => constantTimeEqual(given, sign(key, userId, kind))) ? { userId, kind } : null;
}

const UNSUBSCRIBE_KEY = "unsubscribe";
const stored = new WeakMap<Queryable, Promise<Uint8Array>>();

/**
 * The keys unsubscribe tokens are signed and checked with: the configured secrets (UNSUBSCRIBE_SECRET,
 * first signs), or else 256 random bits made by the first instance that needs them and kept in
 * `server_secrets`, so every instance and every restart signs alike.
 */
export async function unsubscribeKeys(db: Queryable, secrets: readonly string[] | undefined): Promise<Uint8Array[]> {
  if (secrets && secrets.length > 0) return secrets.map((s) => encoder.encode(s));
  let key = stored.get(db);
  if (!key) {
    key = loadKey(db);
    // A failed read (the database was down) is tried again by the next mail.
    key.catch(() => stored.delete(db));
    stored.set(db, key);
  }
  return [await key];
}

async function loadKey(db: Queryable): Promise<Uint8Array> {
  const fresh = new Uint8Array(32);
  crypto.getRandomValues(fresh);
  // Two instances starting together both insert; the first one's key is the one everyone reads.
  await db
    .insert(serverSecrets)
    .values({ name: UNSUBSCRIBE_KEY, value: encodeBase64(fresh) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, UNSUBSCRIBE_KEY));
  if (!row) throw new Error("The unsubscribe key could not be stored.");
  return decodeBase64(row.value);
}
