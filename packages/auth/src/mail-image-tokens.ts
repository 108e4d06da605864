import { ROW_ID_PATTERN } from "@club/shared/row-id";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

/**
 * A gallery photo put into a group e-mail is fetched by the reader's mail program, which has no
 * session: its address carries `{mediaId}-{base64url(HMAC-SHA256(key, "mail-image:{mediaId}"))}`
 * instead, signed with the club's mail keys (the unsubscribe keys: first signs, all verify). The
 * token names one photo; the server still serves it only while every member may see it.
 */
const encoder = new TextEncoder();
/** The id and the signature have fixed shapes, so the dashes cannot confuse them (and no dots: not a file name). */
const TOKEN = new RegExp(`^(${ROW_ID_PATTERN})-([A-Za-z0-9_-]{43})$`);

const sign = (key: Uint8Array, mediaId: string) => hmac(SHA256, key, encoder.encode(`mail-image:${mediaId}`));

export function signMailImage(keys: readonly Uint8Array[], mediaId: string): string {
  const [key] = keys;
  if (!key) throw new Error("No mail key.");
  return `${mediaId}-${encodeBase64urlNoPadding(sign(key, mediaId))}`;
}

/** The photo a token was signed for by one of the keys; null for anything else. */
export function verifyMailImage(keys: readonly Uint8Array[], token: string): string | null {
  const [, mediaId, signature] = TOKEN.exec(token) ?? [];
  if (!mediaId || !signature) return null;
  const given = decodeBase64urlIgnorePadding(signature);
  return keys.some((key) => constantTimeEqual(given, sign(key, mediaId))) ? mediaId : null;
}
