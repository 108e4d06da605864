import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** A random secret with `bytes` of entropy (default 160 bits), safe in URLs and cookies. */
export function generateToken(bytes = 20): string {
  const raw = new Uint8Array(bytes);
  crypto.getRandomValues(raw);
  return encodeBase32LowerCaseNoPadding(raw);
}

/** What the database stores instead of a token: its SHA-256, hex encoded. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
