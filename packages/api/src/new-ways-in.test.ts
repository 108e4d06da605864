import type { SessionUser } from "@club/auth";
import { auditLog, mailOutbox, passkeys, sessionConfirmations, sessions, userIdentities } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiContext } from "./context";
import { CONFIRMATION_NOT_MAILED, CONFIRMATION_SENT, WRONG_CONFIRMATION_CODE } from "./domain/ways-in/new-ways-in";
import { CONFIRM_BY_EMAIL_FIRST } from "./errors";
import { type TestApi, testApi } from "./test/api";
import { SoftPasskey } from "./test/authenticator";
import { storeTestSession, testSessionId } from "./test/cell";

/**
 * New ways into an account (docs/decisions/README.md, "New ways in"): a session signed in with a password
 * alone adds a passkey or connects an identity only after confirming by e-mail, in that session;
 * a passkey or provider session needs nothing; and every way in added or removed is told to her by
 * e-mail in the transaction of the change.
 */
let api: TestApi;
let ada: SessionUser;
let bea: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ada = await api.member("ada@club.test", { name: "Ada Lovelace" });
  bea = await api.member("bea@club.test", { name: "Bea" });
});
afterAll(() => api.close());
beforeEach(async () => {
  // Each test starts from password sessions that are stored and not confirmed.
  await storeTestSession(api.db, ada.id, null);
  await storeTestSession(api.db, bea.id, null);
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("it was not refused");
}

/** The test club's settings, with a mail server. */
const smtpClub = () => ({ ...api.contextFor(null).config, mailDelivery: "smtp" as const });
const FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Firefox/133.0";
const callerFor = (who: SessionUser, overrides: Partial<ApiContext> = {}) =>
  api.callerFor(who, { userAgent: FIREFOX, ...overrides });

/** A session signed in another way than a password (it needs no confirmation). */
const signedInWith = (who: SessionUser, method: "passkey" | "oidc") =>
  callerFor(who, {
    session: { id: testSessionId(who.id), userId: who.id, expiresAt: new Date(Date.now() + 86_400_000), method },
  });

const mailTo = (email: string) =>
  api.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt);

/** Asks for the mail (a club with a mail server) and reads its link's token and its code, as she would. */
async function mailed(who: SessionUser, overrides: Partial<ApiContext> = {}) {
  const before = new Set((await mailTo(who.email)).map((m) => m.id));
  const answer = await callerFor(who, { config: smtpClub(), ...overrides }).auth.confirmByEmail();
  expect(answer).toEqual({ message: CONFIRMATION_SENT, mailed: true });
  const fresh = (await mailTo(who.email)).filter((m) => !before.has(m.id));
  expect(fresh).toHaveLength(1);
  const mail = fresh[0];
  expect(mail?.subject).toBe("Confirm it is you before adding a way to sign in");
  const token = mail?.html.match(/http:\/\/club\.test\/confirm-sign-in\/([a-z0-9]+)/)?.[1];
  const code = mail?.html
    .match(/>(\d{3}) (\d{3})</)
    ?.slice(1)
    .join("");
  expect(token).toBeTruthy();
  expect(code).toMatch(/^\d{6}$/);
  return { token: token!, code: code! };
}
const mailedToken = async (who: SessionUser, overrides: Partial<ApiContext> = {}) =>
  (await mailed(who, overrides)).token;

async function addPasskey(who: SessionUser, caller = callerFor(who)) {
  const options = await caller.passkeys.registrationOptions();
  return caller.passkeys.register({ response: new SoftPasskey().register(options) });
}

const notices = async (email: string) =>
  (await mailTo(email)).filter((m) => m.subject === "A change to how you sign in to the club");

describe("a password session adding a way in", () => {
  it("is refused until confirmed, with words saying what to do", async () => {
    expect(await refusal(callerFor(ada).passkeys.registrationOptions())).toEqual({
      code: "PRECONDITION_FAILED",
      message: CONFIRM_BY_EMAIL_FIRST,
    });
    // A provider is configured: connecting an identity is refused the same way, before it is asked.
    const withProvider = callerFor(ada, {
      config: {
        ...api.contextFor(ada).config,
        oidc: { issuer: "http://localhost:9", clientId: "c", clientSecret: "s", label: "Test IdP" },
      },
    });
    expect(await refusal(withProvider.identities.startLink())).toMatchObject({ code: "PRECONDITION_FAILED" });
  });

  it("is let through by opening the mailed link in that session, for a while", async () => {
    const token = await mailedToken(ada);
    const { confirmedUntil } = await callerFor(ada).auth.confirmSession({ token });
    expect(confirmedUntil.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    await expect(addPasskey(ada)).resolves.toMatchObject({ name: "Firefox on macOS" });
    const [record] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "session.confirmed"), eq(auditLog.targetId, ada.id)));
    expect(record).toMatchObject({ actorId: ada.id });

    // Once the time is up, she is asked again.
    await api.db
      .update(sessions)
      .set({ confirmedUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, testSessionId(ada.id)));
    expect(await refusal(callerFor(ada).passkeys.registrationOptions())).toMatchObject({
      code: "PRECONDITION_FAILED",
    });
  });

  it("needs nothing in a session signed in with a passkey or the identity provider", async () => {
    await expect(addPasskey(ada, signedInWith(ada, "passkey"))).resolves.toMatchObject({});
    await expect(addPasskey(bea, signedInWith(bea, "oidc"))).resolves.toMatchObject({});
  });
});

describe("the confirmation code", () => {
  it("typed in the browser that asked, lets it add a way in, once", async () => {
    const { code } = await mailed(ada);
    await expect(
      callerFor(ada).auth.confirmSessionByCode({ code: `${code.slice(0, 3)} ${code.slice(3)}` }),
    ).resolves.toMatchObject({});
    await expect(addPasskey(ada)).resolves.toMatchObject({});
    expect(await refusal(callerFor(ada).auth.confirmSessionByCode({ code }))).toEqual({
      code: "BAD_REQUEST",
      message: WRONG_CONFIRMATION_CODE,
    });
  });

  it("opens nothing in another session or for another member", async () => {
    const { code } = await mailed(ada);
    expect(await refusal(callerFor(bea).auth.confirmSessionByCode({ code }))).toMatchObject({ code: "BAD_REQUEST" });
    const otherId = `${testSessionId(ada.id)}-code`;
    await api.db.insert(sessions).values({ id: otherId, userId: ada.id, expiresAt: new Date(Date.now() + 60_000) });
    const elsewhere = callerFor(ada, {
      session: { id: otherId, userId: ada.id, expiresAt: new Date(Date.now() + 60_000), method: "password" },
    });
    expect(await refusal(elsewhere.auth.confirmSessionByCode({ code }))).toMatchObject({ code: "BAD_REQUEST" });
    // Still good where it was asked for.
    await expect(callerFor(ada).auth.confirmSessionByCode({ code })).resolves.toMatchObject({});
  });

  it("allows five wrong guesses per session, then asks her to wait", async () => {
    const { code } = await mailed(bea);
    const same = callerFor(bea, { throttle: api.contextFor(bea).throttle });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect(await refusal(same.auth.confirmSessionByCode({ code: wrong }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await refusal(same.auth.confirmSessionByCode({ code }))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringContaining("Too many wrong codes."),
    });
  });

  it("is refused in words when it is not six digits", async () => {
    expect(await refusal(callerFor(ada).auth.confirmSessionByCode({ code: "12ab" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Type the 6 digits from the e-mail."),
    });
  });

  it("is not promised by e-mail when the club has no mail server", async () => {
    expect(await callerFor(ada).auth.confirmByEmail()).toEqual({ message: CONFIRMATION_NOT_MAILED, mailed: false });
  });
});

describe("the confirmation link", () => {
  it("works once", async () => {
    const token = await mailedToken(ada);
    await callerFor(ada).auth.confirmSession({ token });
    expect(await refusal(callerFor(ada).auth.confirmSession({ token }))).toEqual({
      code: "BAD_REQUEST",
      message: "This confirmation link is invalid, was already used or has expired. Ask for a new one in Settings.",
    });
  });

  it("expires", async () => {
    const token = await mailedToken(ada);
    await api.db.update(sessionConfirmations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await refusal(callerFor(ada).auth.confirmSession({ token }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await refusal(callerFor(ada).passkeys.registrationOptions())).toMatchObject({
      code: "PRECONDITION_FAILED",
    });
  });

  it("is refused to another member, and to her in another session, and stays usable where it belongs", async () => {
    const token = await mailedToken(ada);
    expect(await refusal(callerFor(bea).auth.confirmSession({ token }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("sent to another member"),
    });
    expect(await refusal(callerFor(bea).passkeys.registrationOptions())).toMatchObject({
      code: "PRECONDITION_FAILED",
    });
    // Ada in another browser (a second session of hers).
    const otherId = `${testSessionId(ada.id)}-other`;
    await api.db.insert(sessions).values({ id: otherId, userId: ada.id, expiresAt: new Date(Date.now() + 60_000) });
    const elsewhere = callerFor(ada, {
      session: { id: otherId, userId: ada.id, expiresAt: new Date(Date.now() + 60_000), method: "password" },
    });
    expect(await refusal(elsewhere.auth.confirmSession({ token }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("asked for in another browser"),
    });
    expect(await refusal(elsewhere.passkeys.registrationOptions())).toMatchObject({ code: "PRECONDITION_FAILED" });
    await expect(callerFor(ada).auth.confirmSession({ token })).resolves.toMatchObject({});
  });

  it("ends with the session it was asked for", async () => {
    await mailedToken(bea);
    await api.db.delete(sessions).where(eq(sessions.id, testSessionId(bea.id)));
    expect(await api.db.select().from(sessionConfirmations).where(eq(sessionConfirmations.userId, bea.id))).toEqual([]);
  });

  it("is asked for a few times an hour at most", async () => {
    // One throttle across the calls (each call otherwise gets a fresh one).
    const same = callerFor(bea, { throttle: api.contextFor(bea).throttle });
    for (let i = 0; i < 5; i++) await same.auth.confirmByEmail();
    expect(await refusal(same.auth.confirmByEmail())).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("the security notice", () => {
  it("is queued when a passkey is added and when it is removed, saying what, when and from where", async () => {
    await api.confirm(ada);
    const before = (await notices(ada.email)).length;
    const added = await addPasskey(ada);
    const after = await notices(ada.email);
    expect(after).toHaveLength(before + 1);
    const html = after.at(-1)?.html ?? "";
    expect(html).toContain("A passkey (&quot;Firefox on macOS&quot;) was added on your club account.");
    expect(html).toContain("Firefox on macOS");
    expect(html).toContain("127.0.0.1");
    expect(html).toContain("http://club.test/forgot-password");
    expect(html).toContain("Settings → Security");
    await callerFor(ada).passkeys.remove({ id: added.id });
    expect((await notices(ada.email)).at(-1)?.html).toContain("was removed on your club account");
  });

  it("is not queued when the change is rolled back", async () => {
    await api.confirm(bea);
    const before = (await notices(bea.email)).length;
    const keys = (await api.db.select().from(passkeys).where(eq(passkeys.userId, bea.id))).length;
    await api.db.execute(
      sql`alter table audit_log add constraint test_no_added check (kind <> 'passkey.added') not valid`,
    );
    try {
      await expect(addPasskey(bea)).rejects.toThrow();
    } finally {
      await api.db.execute(sql`alter table audit_log drop constraint test_no_added`);
    }
    expect(await api.db.select().from(passkeys).where(eq(passkeys.userId, bea.id))).toHaveLength(keys);
    expect(await notices(bea.email)).toHaveLength(before);
  });

  it("is queued when an identity is unlinked, and the row stays, unlinked, out of her list", async () => {
    const [identity] = await api.db
      .insert(userIdentities)
      .values({ userId: bea.id, issuer: "https://idp.club.test", subject: "bea-sub", email: "bea@idp.club.test" })
      .returning();
    const before = (await notices(bea.email)).length;
    expect(await callerFor(bea).identities.list()).toHaveLength(1);
    await callerFor(bea).identities.unlink({ id: identity!.id });
    const after = await notices(bea.email);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.html).toContain("Your account at idp.club.test (bea@idp.club.test) was disconnected");
    expect(await callerFor(bea).identities.list()).toEqual([]);
    const [kept] = await api.db.select().from(userIdentities).where(eq(userIdentities.id, identity!.id));
    expect(kept?.unlinkedAt).toBeInstanceOf(Date);
    // Unlinked already: not found, and no second notice.
    expect(await refusal(callerFor(bea).identities.unlink({ id: identity!.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await notices(bea.email)).toHaveLength(before + 1);
  });
});
