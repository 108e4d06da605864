import { type DbHandle, serverSecrets } from "@club/db";
import { createTestDb } from "@club/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deviceCookieKey, issueDeviceCookie, verifyDeviceCookie } from "./device-cookies";

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

const ada = "6f1c2a52-0d0a-4b8e-9a51-3f8f3c1f0a01";
const bea = "0b7e7c0e-52a4-4f3e-8f0e-9d4c2f1b7e02";

describe("device cookies", () => {
  it("are accepted for the member they were issued to, and for nobody else", async () => {
    const key = await deviceCookieKey(h.db);
    const cookie = issueDeviceCookie(key, ada);
    const nonce = verifyDeviceCookie(key, cookie, ada);
    expect(nonce).toMatch(/^[a-z0-9]{32}$/);
    expect(cookie.startsWith(`${nonce}.`)).toBe(true);
    expect(verifyDeviceCookie(key, cookie, bea)).toBeNull();
    expect(verifyDeviceCookie(new Uint8Array(32), cookie, ada)).toBeNull();
    expect(verifyDeviceCookie(key, issueDeviceCookie(key, ada), ada)).not.toBe(nonce);
  });

  it("refuse a changed nonce or signature and anything that is not a device cookie", async () => {
    const key = await deviceCookieKey(h.db);
    const [nonce, signature] = issueDeviceCookie(key, ada).split(".") as [string, string];
    const changed = signature[0] === "A" ? "B" : "A";
    for (const forged of [
      `${nonce}x.${signature}`,
      `${nonce}.${changed}${signature.slice(1)}`,
      `${nonce}.${signature}.${signature}`,
      `${nonce}.`,
      `${nonce}.!!not-base64!!`,
      "",
      "anything",
    ]) {
      expect(verifyDeviceCookie(key, forged, ada), forged).toBeNull();
    }
  });

  it("are signed with one key, made once and kept in the database", async () => {
    const key = await deviceCookieKey(h.db);
    expect(key).toHaveLength(32);
    expect(await deviceCookieKey(h.db)).toBe(key);
    const rows = await h.db.select().from(serverSecrets);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.value, "base64").equals(Buffer.from(key))).toBe(true);
  });
});
