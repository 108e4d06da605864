import { type DbHandle, sessions, users } from "@club/db";
import { eq } from "@club/db/orm";
import { createTestDb } from "@club/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";
import { createSession, invalidateUserSessions, SESSION_TTL_MS, validateSessionToken } from "./sessions";
import { hashToken } from "./tokens";

let h: DbHandle;
let userId: string;
beforeAll(async () => {
  h = await createTestDb();
  const [u] = await h.db.insert(users).values({ name: "Ada", email: "ada@example.com", passwordHash: "x" }).returning();
  userId = u!.id;
});
afterAll(() => h.close());

describe("sessions", () => {
  it("stores only the hash of the token and validates the token", async () => {
    const { token } = await createSession(h.db, userId);
    const rows = await h.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.some((r) => r.id === hashToken(token))).toBe(true);
    const valid = await validateSessionToken(h.db, token);
    expect(valid?.user.email).toBe("ada@example.com");
    expect(await validateSessionToken(h.db, `${token}x`)).toBeNull();
  });

  it("deletes an expired session and renews one close to expiry", async () => {
    const { token: old } = await createSession(h.db, userId);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(old)));
    expect(await validateSessionToken(h.db, old)).toBeNull();
    expect(
      await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(old))),
    ).toHaveLength(0);

    const { token } = await createSession(h.db, userId);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, hashToken(token)));
    const renewed = await validateSessionToken(h.db, token);
    expect(renewed?.renewed).toBe(true);
    expect(renewed!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  it("ends all of a user's sessions but the one kept", async () => {
    const a = await createSession(h.db, userId);
    const b = await createSession(h.db, userId);
    await invalidateUserSessions(h.db, userId, hashToken(a.token));
    expect(await validateSessionToken(h.db, a.token)).not.toBeNull();
    expect(await validateSessionToken(h.db, b.token)).toBeNull();
  });
});

describe("passwords", () => {
  it("hashes with argon2id and verifies", async () => {
    const hash = await hashPassword("s3cret!");
    expect(hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(await verifyPassword(hash, "s3cret!")).toBe(true);
    expect(await verifyPassword(hash, "wrong")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });
});
