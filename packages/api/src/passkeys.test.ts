import { type SessionUser, validateSessionToken } from "@club/auth";
import { auditLog, passkeys, webauthnChallenges } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noCookies, type SessionCookies } from "./context";
import { deleteExpiredRecords } from "./domain/admin/retention";
import { type TestApi, testApi } from "./test/api";
import { SoftPasskey } from "./test/authenticator";

/**
 * Passkeys through their procedures, with a software authenticator (test/authenticator.ts) whose
 * answers the server verifies for real: added, listed, renamed and removed by their owner only,
 * signed in with, and every way an answer can be stale, borrowed, copied or unknown refused with a
 * 4xx and a message, never a 5xx.
 */
let api: TestApi;
let ada: SessionUser;
let bea: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ada = await api.member("ada@club.test", { name: "Ada Lovelace" });
  bea = await api.member("bea@club.test", { name: "Bea" });
  // Their password sessions confirmed by e-mail (new-ways-in.test.ts is about that).
  await api.confirm(ada);
  await api.confirm(bea);
});
afterAll(() => api.close());

/** A browser's cookies: what sign-in set, so the session can be looked up. */
function browser() {
  const jar: { session?: string } = {};
  const cookies: SessionCookies = {
    ...noCookies,
    setSession: (token) => {
      jar.session = token;
    },
    clearSession: () => {
      delete jar.session;
    },
  };
  return { jar, caller: api.callerFor(null, { cookies, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" }) };
}

/** Adds a passkey for `who` the way Settings does: options, the authenticator's answer, register. */
async function addPasskey(who: SessionUser, key = new SoftPasskey(), name?: string) {
  const caller = api.callerFor(who, { userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Firefox/133.0" });
  const options = await caller.passkeys.registrationOptions();
  const added = await caller.passkeys.register({ response: key.register(options), ...(name ? { name } : {}) });
  return { key, added, options };
}

/** The refusal's code and message, to compare whole. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("it was not refused");
}

const auditOf = (kind: string, targetId: string) =>
  api.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), eq(auditLog.targetId, targetId)));

describe("adding a passkey", () => {
  it("asks for a discoverable credential for her, without her existing ones, and lists the new one", async () => {
    const first = await addPasskey(ada, undefined, "Work laptop");
    expect(first.options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(first.options.rp.id).toBe("club.test");
    expect(first.options.user.name).toBe("ada@club.test");
    expect(first.options.user.displayName).toBe("Ada Lovelace");
    const second = await addPasskey(ada);
    expect(second.options.excludeCredentials?.map((c) => c.id)).toContain(first.key.id);
    // Without a name, the browser it was made in names it.
    expect(second.added.name).toBe("Firefox on macOS");

    const list = await api.callerFor(ada).passkeys.list();
    expect(list.map((p) => p.name)).toEqual(["Firefox on macOS", "Work laptop"]);
    expect(list[0]).toMatchObject({ lastUsedAt: null });
    expect(await api.callerFor(bea).passkeys.list()).toEqual([]);
  });

  it("is recorded in the audit log, in the same transaction as the passkey", async () => {
    const { added } = await addPasskey(bea, undefined, "Phone");
    const records = (await auditOf("passkey.added", bea.id)).filter((r) => r.detail.passkeyId === added.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ actorId: bea.id, targetEmail: "bea@club.test", ip: "127.0.0.1" });

    // When the record cannot be written, the passkey is not kept either.
    const before = (await api.db.select().from(passkeys).where(eq(passkeys.userId, bea.id))).length;
    await api.db.execute(
      sql`alter table audit_log add constraint test_no_added check (kind <> 'passkey.added') not valid`,
    );
    try {
      await expect(addPasskey(bea)).rejects.toThrow();
    } finally {
      await api.db.execute(sql`alter table audit_log drop constraint test_no_added`);
    }
    expect(await api.db.select().from(passkeys).where(eq(passkeys.userId, bea.id))).toHaveLength(before);
  });

  it("refuses a key that cannot verify her (no PIN or biometrics), adding nothing", async () => {
    const caller = api.callerFor(bea);
    const before = await caller.passkeys.list();
    const options = await caller.passkeys.registrationOptions();
    const answer = new SoftPasskey().register(options, { verified: false });
    expect((await refusal(caller.passkeys.register({ response: answer }))).code).toBe("BAD_REQUEST");
    expect(await caller.passkeys.list()).toEqual(before);
  });

  it("refuses the same credential twice, and records nothing for the refusal", async () => {
    const { key } = await addPasskey(bea);
    const records = (await auditOf("passkey.added", bea.id)).length;
    const caller = api.callerFor(bea);
    const options = await caller.passkeys.registrationOptions();
    expect(await refusal(caller.passkeys.register({ response: key.register(options) }))).toEqual({
      code: "CONFLICT",
      message: "This passkey is already added to an account.",
    });
    expect(await auditOf("passkey.added", bea.id)).toHaveLength(records);
  });

  it("takes a challenge once: a replayed answer is refused", async () => {
    const caller = api.callerFor(ada);
    const options = await caller.passkeys.registrationOptions();
    const answer = new SoftPasskey().register(options);
    await caller.passkeys.register({ response: answer });
    expect(await refusal(caller.passkeys.register({ response: answer }))).toEqual({
      code: "BAD_REQUEST",
      message: "This passkey request has expired or was already used. Please try again.",
    });
  });

  it("refuses a challenge handed to another member", async () => {
    const options = await api.callerFor(bea).passkeys.registrationOptions();
    const answer = new SoftPasskey().register(options);
    expect(await refusal(api.callerFor(ada).passkeys.register({ response: answer }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    // Nor is Bea's challenge used up by Ada's attempt: it was never Ada's to take.
    await expect(api.callerFor(bea).passkeys.register({ response: answer })).resolves.toMatchObject({});
  });

  it("refuses an expired challenge, which housekeeping then deletes", async () => {
    const caller = api.callerFor(ada);
    const options = await caller.passkeys.registrationOptions();
    await api.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(await refusal(caller.passkeys.register({ response: new SoftPasskey().register(options) }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    const deleted = await deleteExpiredRecords(api.db);
    expect(deleted.webauthnChallenges).toBeGreaterThanOrEqual(1);
    expect(
      await api.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge)),
    ).toEqual([]);
  });

  it("refuses an answer made for another site, and still uses its challenge up", async () => {
    const caller = api.callerFor(ada);
    const options = await caller.passkeys.registrationOptions();
    const answer = new SoftPasskey("https://evil.test").register(options);
    expect(await refusal(caller.passkeys.register({ response: answer }))).toEqual({
      code: "BAD_REQUEST",
      message: "The passkey's answer could not be verified. Please try again.",
    });
    const honest = new SoftPasskey().register(options);
    expect(await refusal(caller.passkeys.register({ response: honest }))).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("signing in with a passkey", () => {
  it("is on the audit log once: the method, the browser and the address, in the session's transaction", async () => {
    const { key } = await addPasskey(ada);
    const { caller } = browser();
    const before = await api.db.select().from(auditLog).where(eq(auditLog.kind, "sign_in.succeeded"));
    await caller.auth.passkeySignIn({ response: key.signIn(await caller.auth.passkeyOptions()) });
    const after = await api.db.select().from(auditLog).where(eq(auditLog.kind, "sign_in.succeeded"));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({
      actorId: ada.id,
      actorEmail: ada.email,
      targetId: ada.id,
      ip: "127.0.0.1",
      detail: { method: "passkey", browser: "Chrome 131 on Linux" },
    });
  });

  it("starts a session with the method passkey, and notes when the passkey was last used", async () => {
    const { key, added } = await addPasskey(ada);
    const { jar, caller } = browser();
    const options = await caller.auth.passkeyOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await caller.auth.passkeySignIn({ response: key.signIn(options) });
    expect(answer.user).toMatchObject({ name: "Ada Lovelace", mustChangePassword: false });

    const valid = await validateSessionToken(api.db, jar.session ?? "");
    expect(valid?.user.id).toBe(ada.id);
    expect(valid?.session.method).toBe("passkey");
    const [row] = await api.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(row?.counter).toBe(1);
  });

  it("refuses a key that did not verify her (no PIN or biometrics): a passkey is two factors", async () => {
    const { key } = await addPasskey(ada);
    const { jar, caller } = browser();
    const answer = key.signIn(await caller.auth.passkeyOptions(), { verified: false });
    expect(await refusal(caller.auth.passkeySignIn({ response: answer }))).toEqual({
      code: "UNAUTHORIZED",
      message: "The passkey's answer could not be verified. Please try again.",
    });
    expect(jar.session).toBeUndefined();
  });

  it("refuses a replayed answer", async () => {
    const { key } = await addPasskey(ada);
    const { caller } = browser();
    const answer = key.signIn(await caller.auth.passkeyOptions());
    await caller.auth.passkeySignIn({ response: answer });
    expect(await refusal(caller.auth.passkeySignIn({ response: answer }))).toEqual({
      code: "BAD_REQUEST",
      message: "This passkey request has expired or was already used. Please try again.",
    });
  });

  it("refuses an expired challenge", async () => {
    const { key } = await addPasskey(ada);
    const { caller } = browser();
    const options = await caller.auth.passkeyOptions();
    await api.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(await refusal(caller.auth.passkeySignIn({ response: key.signIn(options) }))).toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("refuses a counter that goes back (a copied authenticator)", async () => {
    const { key } = await addPasskey(ada, new SoftPasskey(undefined, { counter: 5 }));
    const { caller } = browser();
    await caller.auth.passkeySignIn({ response: key.signIn(await caller.auth.passkeyOptions()) });
    expect(
      await refusal(
        caller.auth.passkeySignIn({ response: key.signIn(await caller.auth.passkeyOptions(), { counter: 5 }) }),
      ),
    ).toEqual({
      code: "UNAUTHORIZED",
      message:
        "This passkey's counter went back, which a copied authenticator does: it was refused. Sign in with your password and remove it in Settings.",
    });
    // The authenticator's own next answer still works.
    await expect(
      caller.auth.passkeySignIn({ response: key.signIn(await caller.auth.passkeyOptions()) }),
    ).resolves.toMatchObject({});
  });

  it("accepts an authenticator that keeps no counter (always 0)", async () => {
    const { key } = await addPasskey(ada, new SoftPasskey(undefined, { counter: 0 }));
    const { caller } = browser();
    for (let i = 0; i < 2; i++) {
      await expect(
        caller.auth.passkeySignIn({ response: key.signIn(await caller.auth.passkeyOptions()) }),
      ).resolves.toMatchObject({ user: { name: "Ada Lovelace" } });
    }
  });

  it("refuses an unknown passkey with a clear message", async () => {
    const { caller } = browser();
    const stranger = new SoftPasskey();
    stranger.userHandle = "AAAAAAAAAAAAAAAAAAAAAA";
    expect(
      await refusal(caller.auth.passkeySignIn({ response: stranger.signIn(await caller.auth.passkeyOptions()) })),
    ).toEqual({
      code: "UNAUTHORIZED",
      message:
        "This passkey is not known to the club (it may have been removed). Sign in with your e-mail and password.",
    });
  });

  it("refuses a user handle that is not the passkey's member", async () => {
    const { key } = await addPasskey(ada);
    const beaHandle = Buffer.from(bea.id.replaceAll("-", ""), "hex").toString("base64url");
    const { caller } = browser();
    const answer = key.signIn(await caller.auth.passkeyOptions(), { userHandle: beaHandle });
    expect(await refusal(caller.auth.passkeySignIn({ response: answer }))).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("refuses a signature made with another key", async () => {
    const { key } = await addPasskey(ada);
    const impostor = new SoftPasskey();
    Object.defineProperty(impostor, "credentialId", { value: key.credentialId });
    impostor.userHandle = key.userHandle;
    const { caller } = browser();
    expect(
      await refusal(caller.auth.passkeySignIn({ response: impostor.signIn(await caller.auth.passkeyOptions()) })),
    ).toEqual({
      code: "UNAUTHORIZED",
      message: "The passkey's answer could not be verified. Please try again.",
    });
  });

  it("refuses an answer that is not WebAuthn at all, with a 4xx", async () => {
    const { caller } = browser();
    const garbage = {
      id: "abc",
      rawId: "abc",
      type: "public-key" as const,
      clientExtensionResults: {},
      response: { clientDataJSON: "bm90IGpzb24", authenticatorData: "AAAA", signature: "AAAA" },
    };
    expect(await refusal(caller.auth.passkeySignIn({ response: garbage }))).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("signs in a member with a temporary password, who may then only change it", async () => {
    const temp = await api.member("temp-passkey@club.test", { name: "Tess" });
    await api.confirm(temp);
    const { key } = await addPasskey(temp);
    await api.db.execute(sql`update users set must_change_password = true where id = ${temp.id}`);
    const { jar, caller } = browser();
    const answer = await caller.auth.passkeySignIn({ response: key.signIn(await caller.auth.passkeyOptions()) });
    expect(answer.user.mustChangePassword).toBe(true);
    const valid = await validateSessionToken(api.db, jar.session ?? "");
    expect(valid?.user.mustChangePassword).toBe(true);
    expect(await refusal(api.callerFor(valid?.user ?? null).passkeys.list())).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("managing passkeys", () => {
  it("renames her own; another member's is not found", async () => {
    const { added } = await addPasskey(ada);
    const renamed = await api.callerFor(ada).passkeys.rename({ id: added.id, name: "  Yubikey  " });
    expect(renamed.name).toBe("Yubikey");
    expect(await refusal(api.callerFor(bea).passkeys.rename({ id: added.id, name: "Mine" }))).toEqual({
      code: "NOT_FOUND",
      message: "Passkey not found.",
    });
    // Called directly, the zod refusal's message is its issues (over HTTP, the first one's message).
    expect(await refusal(api.callerFor(ada).passkeys.rename({ id: added.id, name: " " }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Give the passkey a name."),
    });
    expect(await refusal(api.callerFor(ada).passkeys.rename({ id: added.id, name: "x".repeat(61) }))).toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("removes her own, recorded once; another member's is not found and stays", async () => {
    const { added, key } = await addPasskey(ada, undefined, "Old phone");
    expect(await refusal(api.callerFor(bea).passkeys.remove({ id: added.id }))).toEqual({
      code: "NOT_FOUND",
      message: "Passkey not found.",
    });
    await api.callerFor(ada).passkeys.remove({ id: added.id });
    expect((await api.callerFor(ada).passkeys.list()).map((p) => p.id)).not.toContain(added.id);
    const records = (await auditOf("passkey.removed", ada.id)).filter((r) => r.detail.passkeyId === added.id);
    expect(records).toHaveLength(1);
    expect(records[0]?.detail).toMatchObject({ name: "Old phone" });
    expect(await refusal(api.callerFor(ada).passkeys.remove({ id: added.id }))).toMatchObject({ code: "NOT_FOUND" });

    // And it no longer signs her in.
    const { caller } = browser();
    expect(
      await refusal(caller.auth.passkeySignIn({ response: key.signIn(await caller.auth.passkeyOptions()) })),
    ).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("keeps the passkey when the removal's record cannot be written", async () => {
    const { added } = await addPasskey(ada);
    await api.db.execute(
      sql`alter table audit_log add constraint test_no_removed check (kind <> 'passkey.removed') not valid`,
    );
    try {
      await expect(api.callerFor(ada).passkeys.remove({ id: added.id })).rejects.toThrow();
    } finally {
      await api.db.execute(sql`alter table audit_log drop constraint test_no_removed`);
    }
    expect(await api.db.select().from(passkeys).where(eq(passkeys.id, added.id))).toHaveLength(1);
  });

  it("is refused to an API token, whatever its scope", async () => {
    const token = api.callerFor(ada, { apiToken: { id: "t", scope: "admin" } });
    expect(await refusal(token.passkeys.list())).toMatchObject({ code: "FORBIDDEN" });
  });
});
