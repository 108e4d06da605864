import type { SessionUser } from "@club/auth";
import { signUnsubscribeToken } from "@club/auth";
import { mailOutbox } from "@club/db";
import { and, eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendPasswordResetLink } from "./domain/ways-in/password-reset";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let admin: SessionUser;
let host: SessionUser;
let ann: SessionUser;
let bea: SessionUser;
beforeAll(async () => {
  api = await testApi();
  admin = await api.member("admin@prefs.test", { admin: true, name: "Ada" });
  host = await api.member("host@prefs.test", { type: "Founding", name: "Hostess" });
  ann = await api.member("ann@prefs.test", { name: "Ann" });
  bea = await api.member("bea@prefs.test", { name: "Bea" });
});
afterAll(() => api.close());

const anonymous = () => api.callerFor(null);

const mailsWith = (subject: string) => api.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));

/** The token of the one-click URL in a message's List-Unsubscribe header. */
function tokenOf(headers: Record<string, string>): string {
  const match = /^<http:\/\/club\.test\/unsubscribe\/([^>]+)>$/.exec(headers["List-Unsubscribe"] ?? "");
  if (!match?.[1]) throw new Error(`No unsubscribe URL in ${JSON.stringify(headers)}`);
  return match[1];
}

describe("Settings → E-mail", () => {
  it("receives every kind of bulk mail until she turns one off; the others stay", async () => {
    const me = api.callerFor(ann);
    expect((await me.preferences.get()).mail).toEqual({
      group: true,
      announcements: true,
      reminders: true,
      changes: true,
      digest: true,
      messages: true,
    });
    const saved = await me.preferences.update({ announcements: false });
    expect(saved.mail).toEqual({
      group: true,
      announcements: false,
      reminders: true,
      changes: true,
      digest: true,
      messages: true,
    });
    expect((await me.preferences.get()).mail.announcements).toBe(false);
    await me.preferences.update({ announcements: true });
    await expect(me.preferences.update({})).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("a group e-mail", () => {
  it("to All Members skips the one who opted out (and the count before sending says so); account mail still reaches her", async () => {
    const everyone = 4;
    const count = () => api.callerFor(admin).adminMail.recipientCount({ recipientGroup: "all" });
    expect(await count()).toEqual({ recipients: everyone, optedOut: 0 });

    await api.callerFor(bea).preferences.update({ group: false });
    expect(await count()).toEqual({ recipients: everyone - 1, optedOut: 1 });

    const sent = await api
      .callerFor(admin)
      .adminMail.send({ subject: "Spring news", body: "<p>Hello all</p>", recipientGroup: "all" });
    expect(sent.queued).toBe(everyone - 1);
    const mails = await mailsWith("Spring news");
    expect(mails.map((m) => m.to).sort()).toEqual([admin.email, host.email, ann.email].sort());

    // Each copy carries its reader's own link, in the headers and in the footer.
    for (const m of mails) {
      expect(m.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const token = tokenOf(m.headers);
      expect(m.html).toContain(`http://club.test/unsubscribe/${token}`);
      expect(m.html).toContain("Unsubscribe from group e-mails from the club&#39;s admins");
    }

    // Her password reset is account mail: no switch stops it.
    await sendPasswordResetLink(api.db, api.jobs, "http://club.test", bea.email);
    const [reset] = await api.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, bea.email), eq(mailOutbox.subject, "Reset your password")));
    expect(reset).toBeDefined();
    expect(reset?.headers).toEqual({});
    await api.callerFor(bea).preferences.update({ group: true });
  });

  it("an event's announcement is stopped apart from the admins' group mail", async () => {
    const e = await api.callerFor(host).events.create({
      title: "Garden Party",
      event_date: "2027-07-01",
      start_time: "15:00",
      end_time: "18:00",
      location: "The Lawn",
      city: "Boston",
    });
    await api.callerFor(ann).preferences.update({ announcements: false, group: true });
    expect(
      await api.callerFor(host).events.announceRecipientCount({ eventId: e.id, recipientGroup: "all" }),
    ).toMatchObject({ optedOut: 1 });
    await api
      .callerFor(host)
      .events.announce({ eventId: e.id, subject: "Garden Party soon", body: "<p>Come</p>", recipientGroup: "all" });
    const mails = await mailsWith("Garden Party soon");
    expect(mails.map((m) => m.to)).not.toContain(ann.email);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]?.html).toContain("Unsubscribe from event announcements");
    await api.callerFor(ann).preferences.update({ announcements: true });
  });
});

describe("the unsubscribe link", () => {
  it("unsubscribes without a session, twice alike, and undoes", async () => {
    await api.callerFor(admin).adminMail.send({ subject: "Link test", body: "<p>Hi</p>", recipientGroup: "all" });
    const [mine] = (await mailsWith("Link test")).filter((m) => m.to === ann.email);
    const token = tokenOf(mine?.headers ?? {});

    // Opening the page changes nothing.
    expect(await anonymous().unsubscribe.get({ token })).toEqual({
      kind: "group",
      receives: true,
      address: "a•••@prefs.test",
    });
    expect(await anonymous().unsubscribe.set({ token, receive: false })).toEqual({
      kind: "group",
      receives: false,
      address: "a•••@prefs.test",
    });
    expect(await anonymous().unsubscribe.set({ token, receive: false })).toEqual({
      kind: "group",
      receives: false,
      address: "a•••@prefs.test",
    });
    expect((await api.callerFor(ann).preferences.get()).mail).toMatchObject({ group: false, announcements: true });

    expect(await anonymous().unsubscribe.set({ token, receive: true })).toEqual({
      kind: "group",
      receives: true,
      address: "a•••@prefs.test",
    });
    expect((await api.callerFor(ann).preferences.get()).mail.group).toBe(true);
  });

  it("refuses a tampered token, another member's or kind's, and a foreign key's", async () => {
    await api.callerFor(admin).adminMail.send({ subject: "Tamper test", body: "<p>Hi</p>", recipientGroup: "all" });
    const [mine] = (await mailsWith("Tamper test")).filter((m) => m.to === ann.email);
    const token = tokenOf(mine?.headers ?? {});
    const signature = token.slice(-43);
    const forged = [
      `${token.slice(0, -3)}${token.endsWith("A") ? "BBB" : "AAA"}`,
      `group-${bea.id}-${signature}`,
      `reminders-${ann.id}-${signature}`,
      `group-${ann.id}`,
      signUnsubscribeToken([new TextEncoder().encode("a key this club never had, 32 chars long")], ann.id, "group"),
      "nonsense",
    ];
    for (const t of forged) {
      await expect(anonymous().unsubscribe.set({ token: t, receive: false })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect((await api.callerFor(ann).preferences.get()).mail.group).toBe(true);
  });

  it("keeps working across a rotation: the first secret signs, every configured one verifies", async () => {
    const oldKey = "the old unsubscribe secret, 32 characters or more";
    const newKey = "the new unsubscribe secret, 32 characters or more";
    const config = (secrets: string[]) => ({ config: { ...api.contextFor(null).config, unsubscribeSecrets: secrets } });
    const before = signUnsubscribeToken([new TextEncoder().encode(oldKey)], bea.id, "changes");

    const rotated = api.callerFor(null, config([newKey, oldKey]));
    expect(await rotated.unsubscribe.get({ token: before })).toEqual({
      kind: "changes",
      receives: true,
      address: "b•••@prefs.test",
    });

    const dropped = api.callerFor(null, config([newKey]));
    await expect(dropped.unsubscribe.get({ token: before })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("change notices", () => {
  it("skip those who stopped them, and carry the link for those who did not", async () => {
    const e = await api.callerFor(host).events.create({
      title: "Boat Trip",
      event_date: "2027-08-01",
      start_time: "10:00",
      end_time: "14:00",
      location: "Harbour",
      city: "Boston",
    });
    await api.callerFor(ann).events.join({ id: e.id });
    await api.callerFor(bea).events.join({ id: e.id });
    await api.callerFor(bea).preferences.update({ changes: false });
    await api.callerFor(host).events.update({
      id: e.id,
      title: "Boat Trip",
      event_date: "2027-08-02",
      start_time: "10:00",
      end_time: "14:00",
      location: "Harbour",
      city: "Boston",
    });
    const mails = await mailsWith("Changed: Boat Trip");
    expect(mails.map((m) => m.to)).toEqual([ann.email]);
    expect(tokenOf(mails[0]?.headers ?? {})).toContain(`changes-${ann.id}-`);
  });
});
