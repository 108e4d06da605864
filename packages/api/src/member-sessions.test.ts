import { createSession, hashToken, type SessionUser, type SignInMethod } from "@club/auth";
import { apiTokens, auditLog, sessions } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiContext, noCookies } from "./context";
import { endOtherMemberSessions } from "./domain/ways-in/member-sessions";
import { ADMIN_SIGN_IN_REQUIRED, ADMIN_SIGN_IN_WOULD_LOCK_OUT, ADMIN_TOKEN_SIGN_IN_REQUIRED } from "./errors";
import { createCaller } from "./root";
import { type TestApi, testApi } from "./test/api";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

let api: TestApi;
let ada: SessionUser;
let bea: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ada = await api.member("ada@club.test", { type: "Founding" });
  bea = await api.member("bea@club.test");
  admin = await api.member("admin@club.test", { admin: true });
});
afterAll(() => api.close());

/** A real browser session of hers, and a context calling in it (with a cookie jar to look at). */
async function signedIn(
  user: SessionUser,
  userAgent: string | null = CHROME_MAC,
  method: SignInMethod = "password",
  overrides: Partial<ApiContext> = {},
) {
  const { token, expiresAt } = await createSession(api.db, user.id, { method, userAgent, ip: "203.0.113.7" });
  const id = hashToken(token);
  const clearSession = vi.fn();
  const ctx = api.contextFor(user, {
    session: { id, userId: user.id, expiresAt, method },
    cookies: { ...noCookies, clearSession },
    ...overrides,
  });
  return { id, ctx, caller: createCaller(ctx), clearSession };
}

const audits = (targetId: string) =>
  api.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, "sessions.ended"), eq(auditLog.targetId, targetId)));
const sessionsOf = (user: SessionUser) => api.db.select().from(sessions).where(eq(sessions.userId, user.id));
const endAll = (user: SessionUser) => api.db.delete(sessions).where(eq(sessions.userId, user.id));

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("sessions.list", () => {
  it("shows her sessions with browser and system read from the User-Agent, this browser's first and marked", async () => {
    await endAll(ada);
    const phone = await signedIn(ada, SAFARI_IPHONE, "passkey");
    const here = await signedIn(ada, CHROME_MAC);
    await signedIn(bea);
    // The phone was seen more recently: this browser still comes first.
    await api.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, phone.id));
    const list = await here.caller.sessions.list();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      browser: "Chrome 142",
      system: "macOS",
      device: "desktop",
      address: "203.0.113.7",
      method: "password",
      current: true,
    });
    expect(list[1]).toMatchObject({ browser: "Safari 17", system: "iOS 17.4", device: "mobile", current: false });
    expect(list[1]?.signedInAt).toBeInstanceOf(Date);
    expect(list[1]?.lastSeenAt).toBeInstanceOf(Date);
    // Never the stored id (the token's hash), only an id made from it.
    for (const s of list) expect([here.id, phone.id]).not.toContain(s.id);
  });

  it("says nothing it cannot read from an unknown or missing User-Agent", async () => {
    await endAll(ada);
    const here = await signedIn(ada, null);
    await signedIn(ada, "curl/8.0");
    const list = await here.caller.sessions.list();
    expect(list.map((s) => [s.browser, s.system])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe("sessions.end", () => {
  it("ends one of her other sessions, recorded in the audit log", async () => {
    await endAll(ada);
    await signedIn(ada, SAFARI_IPHONE);
    const here = await signedIn(ada);
    const before = (await audits(ada.id)).length;
    const shown = (await here.caller.sessions.list()).find((s) => !s.current);
    expect(await here.caller.sessions.end({ id: shown!.id })).toEqual({ signedOut: false });
    expect((await sessionsOf(ada)).map((s) => s.id)).toEqual([here.id]);
    expect(here.clearSession).not.toHaveBeenCalled();
    const records = await audits(ada.id);
    expect(records).toHaveLength(before + 1);
    expect(records.at(-1)).toMatchObject({
      actorId: ada.id,
      actorEmail: "ada@club.test",
      targetEmail: "ada@club.test",
      detail: { count: 1, which: "one", sessions: [{ browser: "Safari 17 on iOS 17.4", method: "password" }] },
    });
    // Ended already: not found.
    expect((await refusal(here.caller.sessions.end({ id: shown!.id }))).code).toBe("NOT_FOUND");
  });

  it("ending this browser's own session signs her out: its cookie is cleared", async () => {
    await endAll(ada);
    const here = await signedIn(ada);
    const [mine] = await here.caller.sessions.list();
    expect(await here.caller.sessions.end({ id: mine!.id })).toEqual({ signedOut: true });
    expect(here.clearSession).toHaveBeenCalledOnce();
    expect(await sessionsOf(ada)).toHaveLength(0);
    expect((await audits(ada.id)).at(-1)?.detail).toMatchObject({ which: "this browser" });
  });

  it("does not list or end another member's session: not found, and it lives on", async () => {
    await endAll(bea);
    const beas = await signedIn(bea);
    const [hers] = await beas.caller.sessions.list();
    const here = await signedIn(ada);
    expect((await here.caller.sessions.list()).map((s) => s.id)).not.toContain(hers!.id);
    const before = (await audits(bea.id)).length;
    expect(await refusal(here.caller.sessions.end({ id: hers!.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await sessionsOf(bea)).toHaveLength(1);
    expect(await audits(bea.id)).toHaveLength(before);
  });

  it("refuses an API token, whatever its scope", async () => {
    const here = await signedIn(ada, CHROME_MAC, "password", { apiToken: { id: "t", scope: "admin" } });
    expect(await refusal(here.caller.sessions.list())).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(here.caller.sessions.endOthers())).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("sessions.endOthers", () => {
  it("ends every session of hers but this browser's, and no one else's, in one audit record", async () => {
    await endAll(ada);
    await signedIn(ada, SAFARI_IPHONE);
    await signedIn(ada, null);
    const here = await signedIn(ada);
    const beas = await signedIn(bea);
    const before = (await audits(ada.id)).length;
    expect(await here.caller.sessions.endOthers()).toEqual({ ended: 2 });
    expect((await sessionsOf(ada)).map((s) => s.id)).toEqual([here.id]);
    expect((await sessionsOf(bea)).map((s) => s.id)).toContain(beas.id);
    const records = await audits(ada.id);
    expect(records).toHaveLength(before + 1);
    expect(records.at(-1)?.detail).toMatchObject({ count: 2, which: "all others" });
    // Nothing left to end: nothing recorded.
    expect(await here.caller.sessions.endOthers()).toEqual({ ended: 0 });
    expect(await audits(ada.id)).toHaveLength(before + 1);
  });

  it("writes its record in the act's transaction: rolled back together, and no act without its record", async () => {
    await endAll(ada);
    await signedIn(ada, SAFARI_IPHONE);
    const here = await signedIn(ada);
    const before = (await audits(ada.id)).length;
    // The act inside a transaction that then fails: neither the ending nor its record remains.
    await expect(
      api.db.transaction(async (tx) => {
        await endOtherMemberSessions({ ...here.ctx, db: tx as unknown as ApiContext["db"] } as never);
        throw new Error("something after it failed");
      }),
    ).rejects.toThrow("something after it failed");
    expect(await sessionsOf(ada)).toHaveLength(2);
    expect(await audits(ada.id)).toHaveLength(before);
    // The record cannot be written: the sessions are not ended either.
    await api.db.execute(sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await api.db.execute(
      sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
    );
    try {
      await expect(here.caller.sessions.endOthers()).rejects.toThrow();
      expect(await sessionsOf(ada)).toHaveLength(2);
    } finally {
      await api.db.execute(sql`DROP TRIGGER refuse_audit ON audit_log`);
      await api.db.execute(sql`DROP FUNCTION refuse_audit()`);
    }
  });
});

describe("the admins' sign-in rule", () => {
  const adminAs = (method: SignInMethod | "command line", apiToken: ApiContext["apiToken"] = null) =>
    api.callerFor(admin, {
      session: { id: `s-${method}`, userId: admin.id, expiresAt: new Date(Date.now() + 86_400_000), method },
      apiToken,
    });
  const settingAudits = () => api.db.select().from(auditLog).where(eq(auditLog.kind, "club_settings.changed"));

  it("is off until an admin turns it on", async () => {
    expect(await adminAs("password").clubSettings.get()).toMatchObject({ adminSignIn: "any" });
  });

  it("cannot be turned on by an admin signed in with a password: she would lock herself out", async () => {
    expect(await refusal(adminAs("password").clubSettings.update({ adminSignIn: "passkey-or-provider" }))).toEqual({
      code: "FORBIDDEN",
      message: ADMIN_SIGN_IN_WOULD_LOCK_OUT,
    });
    expect(await adminAs("password").clubSettings.get()).toMatchObject({ adminSignIn: "any" });
    expect(await settingAudits()).toHaveLength(0);
  });

  it("when on, keeps admins signed in with a password alone, and their tokens, out of the admin tools", async () => {
    const before = (await settingAudits()).length;
    expect(await adminAs("passkey").clubSettings.update({ adminSignIn: "passkey-or-provider" })).toMatchObject({
      adminSignIn: "passkey-or-provider",
    });
    const records = await settingAudits();
    expect(records).toHaveLength(before + 1);
    expect(records.at(-1)).toMatchObject({
      actorId: admin.id,
      targetId: "adminSignIn",
      detail: { setting: "adminSignIn", old: "any", new: "passkey-or-provider" },
    });
    try {
      expect(await refusal(adminAs("password").users.list())).toEqual({
        code: "FORBIDDEN",
        message: ADMIN_SIGN_IN_REQUIRED,
      });
      expect(await refusal(adminAs("password").clubSettings.get())).toMatchObject({ code: "FORBIDDEN" });
      // A token made in a password session is refused; one made with a passkey is not.
      expect(await refusal(adminAs("password", { id: "t", scope: "admin" }).users.list())).toEqual({
        code: "FORBIDDEN",
        message: ADMIN_TOKEN_SIGN_IN_REQUIRED,
      });
      await adminAs("passkey", { id: "t", scope: "admin" }).users.list();
      await adminAs("passkey").users.list();
      await adminAs("oidc").users.list();
      await adminAs("command line").users.list();
      // What is not an admin tool stays open to her.
      await adminAs("password").events.list();
      // Setting it again to what it is records nothing.
      await adminAs("oidc").clubSettings.update({ adminSignIn: "passkey-or-provider" });
      expect(await settingAudits()).toHaveLength(before + 1);
    } finally {
      await adminAs("command line").clubSettings.update({ adminSignIn: "any" });
    }
    await adminAs("password").users.list();
    expect((await settingAudits()).at(-1)?.detail).toMatchObject({ old: "passkey-or-provider", new: "any" });
  });

  it("is refused to members who are not admins", async () => {
    expect((await refusal(api.callerFor(ada).clubSettings.update({ adminSignIn: "any" }))).code).toBe("FORBIDDEN");
  });
});

describe("apiTokens.create", () => {
  it("keeps the sign-in method of the session that made the token", async () => {
    const here = await signedIn(admin, CHROME_MAC, "passkey");
    const { id } = await here.caller.apiTokens.create({ name: "passkey script", scope: "admin" });
    const [row] = await api.db
      .select({ createdWith: apiTokens.createdWith })
      .from(apiTokens)
      .where(eq(apiTokens.id, id));
    expect(row?.createdWith).toBe("passkey");
  });
});
