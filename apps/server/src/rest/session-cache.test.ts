import { sessions, users } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, startApp } from "../test/harness";

/**
 * The server keeps sessions for a while (SESSION_CACHE_SECONDS): here a minute, so that each check
 * below can only pass because the change was told to the server, never because the kept copy aged.
 */
let h: Harness;
let admin: string;
let adminId: string;
beforeAll(async () => {
  h = await startApp({ sessionCacheMs: 60_000 });
  adminId = (await addUser(h, { email: "root@club.test", name: "Root", admin: true, type: "Founding" })).id;
  admin = await login(h, "root@club.test");
});
afterAll(() => h.close());

const details = (cookie: string) => request(h, "GET", "/user-details", undefined, cookie);
const trpc = (path: string, input: unknown, cookie: string) =>
  h.app.inject({ method: "POST", url: `/trpc/${path}`, payload: { json: input }, headers: { origin: ORIGIN, cookie } });

/**
 * A change made in the database by someone else than this server (an operator, the command line)
 * reaches it as Postgres delivers the notification: milliseconds, not the minute the copy is kept.
 * Hence the reads below are polled (`expect.poll`) for up to two seconds.
 */
const statusOf = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;

/** A member signed in, her session read once (and so kept). */
async function signedIn(email: string) {
  const user = await addUser(h, { email, name: email.split("@")[0]!, type: "Founding" });
  const cookie = await login(h, email);
  expect((await details(cookie)).statusCode).toBe(200);
  return { id: user.id, cookie };
}

describe("a kept session ends at once on the server that kept it", () => {
  it("when she signs out", async () => {
    const m = await signedIn("sol@club.test");
    expect((await request(h, "POST", "/logout", undefined, m.cookie)).statusCode).toBe(200);
    expect((await details(m.cookie)).statusCode).toBe(401);
  });

  it("when she changes her password elsewhere (her other sessions end)", async () => {
    const m = await signedIn("pat@club.test");
    const phone = await login(h, "pat@club.test");
    expect((await details(phone)).statusCode).toBe(200);
    const changed = await request(
      h,
      "POST",
      "/update-password",
      { oldPassword: "password1", newPassword: "changed-1" },
      m.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await details(phone)).statusCode).toBe(401);
    expect((await details(m.cookie)).statusCode).toBe(200);
  });

  it("when an admin resets her password to the temporary one", async () => {
    const m = await signedIn("rae@club.test");
    expect((await trpc("users.resetPasswordToTemp", { userId: m.id }, admin)).statusCode).toBe(200);
    expect((await details(m.cookie)).statusCode).toBe(401);
  });

  it("when an admin changes her type or admin right", async () => {
    const m = await signedIn("ted@club.test");
    expect((await trpc("users.update", { userId: m.id, admin: true }, admin)).statusCode).toBe(200);
    expect((await details(m.cookie)).statusCode).toBe(401);
    const n = await signedIn("una@club.test");
    expect((await request(h, "PUT", `/api/users/${n.id}/privilege`, { type: "Standard" }, admin)).statusCode).toBe(200);
    expect((await details(n.cookie)).statusCode).toBe(401);
  });

  it("when the operator deletes the member, or ends or shortens the session, in the database", async () => {
    const m = await signedIn("vic@club.test");
    await h.db.db.delete(users).where(eq(users.id, m.id));
    await expect.poll(() => statusOf(details(m.cookie)), { timeout: 2000 }).toBe(401);

    const n = await signedIn("wes@club.test");
    await h.db.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, n.id));
    await expect.poll(() => statusOf(details(n.cookie)), { timeout: 2000 }).toBe(401);

    const o = await signedIn("xia@club.test");
    await h.db.db.delete(sessions).where(eq(sessions.userId, o.id));
    await expect.poll(() => statusOf(details(o.cookie)), { timeout: 2000 }).toBe(401);
  });
});

describe("what a kept session grants follows her account at once", () => {
  it("an admin who changes her own type keeps her session, with the new type", async () => {
    const status = async () => (await request(h, "GET", "/auth-status", undefined, admin)).json().user;
    expect((await status()).type).toBe("Founding");
    expect((await trpc("users.update", { userId: adminId, type: "Travel Host" }, admin)).statusCode).toBe(200);
    expect((await status()).type).toBe("Travel Host");
  });

  it("a member whose admin right is set in the database is an admin as soon as the server is told", async () => {
    const m = await signedIn("yan@club.test");
    const listUsers = () => h.app.inject({ url: "/trpc/users.list", headers: { cookie: m.cookie } });
    expect((await listUsers()).statusCode).toBe(403);
    await h.db.db.update(users).set({ admin: true }).where(eq(users.id, m.id));
    await expect.poll(() => statusOf(listUsers()), { timeout: 2000 }).toBe(200);
    await h.db.db.update(users).set({ admin: false }).where(eq(users.id, m.id));
    await expect.poll(() => statusOf(listUsers()), { timeout: 2000 }).toBe(403);
  });

  it("a name changed in the database shows as soon as the server is told", async () => {
    const m = await signedIn("zed@club.test");
    await h.db.db.update(users).set({ name: "Zed Renamed" }).where(eq(users.id, m.id));
    await expect.poll(async () => (await details(m.cookie)).json().name, { timeout: 2000 }).toBe("Zed Renamed");
  });
});
