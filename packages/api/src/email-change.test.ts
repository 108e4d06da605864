import { auditLog, users, webhookDeliveries, webhookEndpoints } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_TAKEN, INVALID_EMAIL_CHANGE, SAME_EMAIL } from "./domain/account/email-change";
import { type TestApi, testApi } from "./test/api";
import { Throttle } from "./throttle";

// Changing her e-mail address: asked for with her password, made by the link mailed to the new
// address (in any browser), told to the old address, audited; her sign-in throttle follows her.

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

const mailsTo = (email: string) => api.mailsTo(email);
const emailOf = async (id: string) => (await api.db.select().from(users).where(eq(users.id, id)))[0]!.email;

/** The token in the confirmation mail sent to `address`, as she would read it. */
async function linkIn(address: string): Promise<string> {
  const [mail] = (await mailsTo(address)).slice(-1);
  expect(mail?.subject).toBe("Confirm your new e-mail address for the club");
  const token = /\/confirm-email\/([\w-]+)/.exec(mail!.html)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

let n = 0;
const member = () => api.member(`member${++n}@change.test`, { name: `Member ${n}` });

describe("changing her e-mail address", () => {
  it("mails a link to the new address; opened, the address is hers, the old one is told, and it is audited", async () => {
    const ada = await member();
    const answer = await api
      .callerFor(ada)
      .account.requestEmailChange({ newEmail: "  Ada.New@Change.test ", password: "password1" });
    expect(answer.message).toBe(
      `We sent a link to ada.new@change.test. Open it to confirm your new address; until then you sign in with ${ada.email}.`,
    );
    expect(await api.callerFor(ada).account.emailChange()).toMatchObject({ newEmail: "ada.new@change.test" });
    // Nothing changes until the link is opened.
    expect(await emailOf(ada.id)).toBe(ada.email);

    // A system that keeps the club's members hears of the new address.
    const [endpoint] = await api.db
      .insert(webhookEndpoints)
      .values({ name: "CRM", url: "https://crm.example.com/hooks", events: ["member.updated"], secret: "whsec_x" })
      .returning();

    // Opened in another browser (no session): the token is the proof.
    const confirmed = await api
      .callerFor(null)
      .account.confirmEmailChange({ token: await linkIn("ada.new@change.test") });
    expect(confirmed).toEqual({
      message: "Your e-mail address is now ada.new@change.test. Sign in with it from now on.",
      email: "ada.new@change.test",
    });
    expect(await emailOf(ada.id)).toBe("ada.new@change.test");
    expect(await api.callerFor(ada).account.emailChange()).toBeNull();
    const told = await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(told.map((d) => d.payload.data)).toEqual([
      {
        id: ada.id,
        name: ada.name,
        email: "ada.new@change.test",
        type: "Standard",
        admin: false,
        previous: { email: ada.email },
      },
    ]);
    await api.db.delete(webhookEndpoints);

    const [notice] = await mailsTo(ada.email);
    expect(notice?.subject).toBe("Your club e-mail address was changed");
    expect(notice?.html).toContain("a•••w@change.test");
    expect(notice?.html).not.toContain("ada.new@change.test");

    const [record] = await api.db.select().from(auditLog).where(eq(auditLog.targetId, ada.id));
    expect(record).toMatchObject({
      kind: "member.email_changed",
      actorId: ada.id,
      actorEmail: ada.email,
      targetEmail: "ada.new@change.test",
      detail: { from: ada.email, to: "ada.new@change.test" },
    });

    // She signs in with the new address; the old one no longer opens her account.
    await expect(api.callerFor(null).auth.login({ email: ada.email, password: "password1" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await api.callerFor(null).auth.login({ email: "ada.new@change.test", password: "password1" });
  });

  it("works once, and not after it expired or was cancelled", async () => {
    const bea = await member();
    await api.callerFor(bea).account.requestEmailChange({ newEmail: "bea.once@change.test", password: "password1" });
    const token = await linkIn("bea.once@change.test");
    await api.callerFor(null).account.confirmEmailChange({ token });
    await expect(api.callerFor(null).account.confirmEmailChange({ token })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: INVALID_EMAIL_CHANGE,
    });

    await api.callerFor(bea).account.requestEmailChange({ newEmail: "bea.later@change.test", password: "password1" });
    const cancelled = await linkIn("bea.later@change.test");
    expect(await api.callerFor(bea).account.cancelEmailChange()).toEqual({
      message: "The change of address was cancelled.",
    });
    await expect(api.callerFor(null).account.confirmEmailChange({ token: cancelled })).rejects.toMatchObject({
      message: INVALID_EMAIL_CHANGE,
    });
    expect(await emailOf(bea.id)).toBe("bea.once@change.test");
  });

  it("a second request replaces the first: only the latest link works", async () => {
    const cat = await member();
    await api.callerFor(cat).account.requestEmailChange({ newEmail: "cat.first@change.test", password: "password1" });
    const first = await linkIn("cat.first@change.test");
    await api.callerFor(cat).account.requestEmailChange({ newEmail: "cat.second@change.test", password: "password1" });
    await expect(api.callerFor(null).account.confirmEmailChange({ token: first })).rejects.toMatchObject({
      message: INVALID_EMAIL_CHANGE,
    });
    await api.callerFor(null).account.confirmEmailChange({ token: await linkIn("cat.second@change.test") });
    expect(await emailOf(cat.id)).toBe("cat.second@change.test");
  });

  it("refuses a wrong password, her own address, another's, and a look-alike, with words she can act on", async () => {
    const dee = await member();
    const other = await member();
    const ask = (newEmail: string, password = "password1") =>
      api.callerFor(dee).account.requestEmailChange({ newEmail, password });
    await expect(ask("dee.new@change.test", "not-it")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The password is not correct.",
    });
    await expect(ask(dee.email.toUpperCase())).rejects.toMatchObject({ code: "BAD_REQUEST", message: SAME_EMAIL });
    await expect(ask(other.email)).rejects.toMatchObject({ code: "CONFLICT", message: EMAIL_TAKEN });
    await expect(ask("\u212Aate@change.test")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(ask("not an address")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Invalid email format."),
    });
    expect(await mailsTo("dee.new@change.test")).toEqual([]);
  });

  it("refuses the link when the address was taken by someone else meanwhile", async () => {
    const eve = await member();
    await api.callerFor(eve).account.requestEmailChange({ newEmail: "race@change.test", password: "password1" });
    const token = await linkIn("race@change.test");
    await api.member("race@change.test");
    await expect(api.callerFor(null).account.confirmEmailChange({ token })).rejects.toMatchObject({
      code: "CONFLICT",
      message: EMAIL_TAKEN,
    });
    expect(await emailOf(eve.id)).toBe(eve.email);
  });

  it("no API token changes it", async () => {
    const fay = await member();
    await expect(
      api
        .callerFor(fay, { apiToken: { id: "t", scope: "admin" } })
        .account.requestEmailChange({ newEmail: "fay.new@change.test", password: "password1" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("her sign-in throttle follows her to the new address", async () => {
    const gia = await member();
    const throttle = new Throttle();
    // Someone guesses her password from many addresses until the account's allowance is used up.
    for (let i = 0; i < 20; i++) {
      await api
        .callerFor(null, { throttle, ip: `198.51.100.${i}` })
        .auth.login({ email: gia.email, password: "wrong-guess" })
        .catch(() => undefined);
    }
    await api.callerFor(gia).account.requestEmailChange({ newEmail: "gia.new@change.test", password: "password1" });
    await api.callerFor(null).account.confirmEmailChange({ token: await linkIn("gia.new@change.test") });
    await expect(
      api
        .callerFor(null, { throttle, ip: "198.51.100.200" })
        .auth.login({ email: "gia.new@change.test", password: "wrong-guess" }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  }, 60_000);
});
