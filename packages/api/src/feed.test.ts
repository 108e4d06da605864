import type { SessionUser } from "@club/auth";
import { mailOutbox } from "@club/db";
import { and, eq } from "@club/db/orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordResetToken } from "./domain/ways-in/one-time-tokens";
import { FEED_NOT_FOUND } from "./errors";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let host: SessionUser;
let ann: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("host@feed.test", { type: "Founding", name: "Hostess" });
  ann = await api.member("ann@feed.test", { name: "Ann" });
});
afterAll(() => api.close());

/** The feed as a calendar application reads it, parsed by ical.js. */
async function feedOf(secret: string) {
  const text = await api.callerFor(null).calendarFeed.feed({ secret });
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      zone: e.startDate.zone?.tzid,
      sequence: e.sequence,
      status: v.getFirstPropertyValue("status"),
    };
  });
}
const secretOf = (url: string) => url.split("/calendar/")[1]!.replace(".ics", "");
const base = { event_date: "2027-07-01", start_time: "18:30", end_time: "21:00", location: "The Loft" };

describe("the calendar feed", () => {
  it("carries the events she joined under the mails' UID, in UTC, with a SEQUENCE that rises on a change", async () => {
    const joined = await api.callerFor(host).events.create({ ...base, title: "Joined Supper" });
    const open = await api.callerFor(host).events.create({ ...base, title: "Open Picnic" });
    const hidden = await api
      .callerFor(host)
      .events.create({ ...base, title: "Secret Salon", exclusivity: "invite-only" });
    await api.callerFor(ann).events.join({ id: joined.id });

    const made = await api.callerFor(ann).calendarFeed.reset({ includeOpen: false });
    expect(made.url).toMatch(/^http:\/\/club\.test\/calendar\/[a-z0-9]+\.ics$/);
    expect(made.webcal).toBe(made.url.replace("http://", "webcal://"));
    const secret = secretOf(made.url);

    const entries = await feedOf(secret);
    expect(entries).toEqual([
      {
        uid: `${joined.id}@club.test`,
        summary: "Joined Supper",
        // 18:30 in New York in July (EDT, UTC−4).
        start: "2027-07-01T22:30:00.000Z",
        zone: "UTC",
        sequence: 0,
        status: "CONFIRMED",
      },
    ]);

    // The confirmation mail's .ics names the same event the same way.
    await api.callerFor(ann).events.sendConfirmation({ eventId: joined.id, userId: ann.id });
    const [mail] = await api.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, ann.email), eq(mailOutbox.subject, "You're joining Joined Supper")));
    const attached = new ICAL.Component(ICAL.parse(mail!.attachments[0]!.content)).getFirstSubcomponent("vevent")!;
    expect(attached.getFirstPropertyValue("uid")).toBe(`${joined.id}@club.test`);

    await api.callerFor(host).events.update({ id: joined.id, ...base, title: "Joined Supper", start_time: "19:00" });
    const [moved] = await feedOf(secret);
    expect(moved).toMatchObject({ start: "2027-07-01T23:00:00.000Z", sequence: 1 });

    // Every open event, on request; never an invite-only one she may not see.
    await api.callerFor(ann).calendarFeed.update({ includeOpen: true });
    const uids = (await feedOf(secret)).map((e) => e.uid);
    expect(uids).toContain(`${open.id}@club.test`);
    expect(uids).not.toContain(`${hidden.id}@club.test`);
  });

  it("sends a deleted event as CANCELLED with a higher SEQUENCE, to those who had joined it", async () => {
    const e = await api.callerFor(host).events.create({ ...base, title: "Doomed Dinner" });
    await api.callerFor(ann).events.join({ id: e.id });
    const secret = secretOf((await api.callerFor(ann).calendarFeed.reset({ includeOpen: false })).url);
    await api.callerFor(host).events.delete({ id: e.id });
    const entry = (await feedOf(secret)).find((x) => x.uid === `${e.id}@club.test`);
    expect(entry).toMatchObject({ summary: "Doomed Dinner", status: "CANCELLED", sequence: 1 });
  });

  it("stops answering for a secret that was replaced or turned off", async () => {
    const first = secretOf((await api.callerFor(ann).calendarFeed.reset({ includeOpen: false })).url);
    const second = secretOf((await api.callerFor(ann).calendarFeed.reset({ includeOpen: false })).url);
    await expect(api.callerFor(null).calendarFeed.feed({ secret: first })).rejects.toThrow(
      "This calendar link is no longer valid. Make a new one in Settings.",
    );
    await expect(feedOf(second)).resolves.toBeInstanceOf(Array);
    await api.callerFor(ann).calendarFeed.remove();
    await expect(api.callerFor(null).calendarFeed.feed({ secret: second })).rejects.toThrow(/no longer valid/);
    expect(await api.callerFor(ann).calendarFeed.get()).toMatchObject({ active: false });
  });
});

describe("a new password ends the calendar feed", () => {
  // The feed lists invite-only titles and places: whoever could sign in with the old password
  // may have copied its link, so it ends with her sessions and API tokens.
  async function feedOwnedBy(email: string) {
    const member = await api.member(email, { name: "Fay" });
    const secret = secretOf((await api.callerFor(member).calendarFeed.reset({ includeOpen: true })).url);
    await expect(feedOf(secret)).resolves.toBeInstanceOf(Array);
    return { member, secret };
  }
  async function expectEnded(member: SessionUser, secret: string) {
    // NOT_FOUND is the 404 that GET /calendar/{secret}.ics answers.
    await expect(api.callerFor(null).calendarFeed.feed({ secret })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: FEED_NOT_FOUND,
    });
    expect(await api.callerFor(member).calendarFeed.get()).toMatchObject({ active: false });
  }

  it("when she changes her password in Settings", async () => {
    const { member, secret } = await feedOwnedBy("fay.change@feed.test");
    await api.callerFor(member).auth.updatePassword({ oldPassword: "password1", newPassword: "changed-1" });
    await expectEnded(member, secret);
  });

  it("when an admin resets her password to the temporary one", async () => {
    const admin = await api.member("root@feed.test", { admin: true });
    const { member, secret } = await feedOwnedBy("fay.temp@feed.test");
    await api.callerFor(admin).users.resetPasswordToTemp({ userId: member.id });
    await expectEnded(member, secret);
  });

  it("when she resets her password with the e-mailed link", async () => {
    const { member, secret } = await feedOwnedBy("fay.link@feed.test");
    const token = await createPasswordResetToken(api.db, member.id);
    await api.callerFor(null).passwordReset.reset({ token, newPassword: "from-link-1" });
    await expectEnded(member, secret);
  });
});
