import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { generateToken, hashToken } from "./tokens";

describe("hashToken", () => {
  it("is the SHA-256 of the token's UTF-8 bytes in hex, as the hashes stored before were made", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (const token of [generateToken(), "CLUB-ÉTÉ-2026", "😀 code"])
      expect(hashToken(token)).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(token))));
  });
});
