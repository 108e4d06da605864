import type { SessionUser } from "@club/auth";
import { notifications } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";
import { applicationWith } from "./test/application";

let api: TestApi;
let ana: SessionUser;
let bea: SessionUser;
let cleo: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ana = await api.member("ana@news.test", { type: "Founding", name: "Ana" });
  bea = await api.member("bea@news.test", { name: "Bea" });
  cleo = await api.member("cleo@news.test", { name: "Cleo" });
  admin = await api.member("admin@news.test", { admin: true, name: "Alexandra" });
});
afterAll(() => api.close());

const as = (who: SessionUser) => api.callerFor(who);
const lines = async (who: SessionUser) => (await as(who).notifications.list()).items.map((n) => n.text);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

describe("news in the app", () => {
  it("tells Ana of a comment on her photo and gathers likes on her comment into one line", async () => {
    const photo = await api.mediaRow({ uploadedBy: ana.id, title: "Blue study" });
    await as(bea).comments.create({ commentableId: photo, content: "Gorgeous" });
    expect(await lines(ana)).toEqual(["Bea commented on your photo “Blue study”"]);
    expect(await as(ana).notifications.unread()).toEqual({ unread: 1 });
    // Her own comment is no news to her.
    const mine = await as(ana).comments.create({ commentableId: photo, content: "Thank you!" });
    expect((await as(ana).notifications.unread()).unread).toBe(1);

    await as(bea).comments.like({ id: mine.id });
    await as(bea).comments.like({ id: mine.id });
    await as(cleo).comments.like({ id: mine.id });
    await as(admin).comments.like({ id: mine.id });
    const [like] = (await as(ana).notifications.list()).items;
    expect(like).toMatchObject({
      kind: "like",
      text: "Alexandra and 2 others liked your comment on “Blue study”",
      link: `/gallery?media=${photo}`,
      read: false,
    });
    expect((await as(ana).notifications.unread()).unread).toBe(2);
  });

  it("marks one or all read, hers only; what comes after starts a new line", async () => {
    const [first] = (await as(ana).notifications.list()).items;
    // Bea cannot mark Ana's.
    await as(bea).notifications.read({ ids: [first!.id] });
    expect((await as(ana).notifications.unread()).unread).toBe(2);
    expect(await as(ana).notifications.read({ ids: [first!.id] })).toEqual({ unread: 1 });
    expect(await as(ana).notifications.readAll()).toEqual({ unread: 0 });
    const photo = await api.mediaRow({ uploadedBy: ana.id, title: "Red study" });
    await as(cleo).comments.create({ commentableId: photo, content: "Bold" });
    const { items, unread } = await as(ana).notifications.list();
    expect(unread).toBe(1);
    expect(items[0]).toMatchObject({ text: "Cleo commented on your photo “Red study”", read: false });
    expect(items.filter((i) => i.read).length).toBeGreaterThanOrEqual(2);
  });

  it("names an untitled photo by the day it was uploaded in the club's zone, never by its file", async () => {
    // 03:00 UTC on March 2nd is still March 1st in New York (the test club's zone).
    const photo = await api.mediaRow({
      uploadedBy: ana.id,
      fileName: "IMG_0042.JPG",
      uploadDate: new Date("2025-03-02T03:00:00Z"),
    });
    await as(cleo).comments.create({ commentableId: photo, content: "Lovely" });
    const [line] = (await as(ana).notifications.list()).items;
    expect(line?.text).toBe("Cleo commented on your photo of 1 March 2025");
  });

  it("tells of invitations, seats from the waitlist, an invitee who joined, and new photos", async () => {
    const supper = await as(ana).events.create({
      title: "Small supper",
      event_date: inDays(10),
      capacity: 2, // Ana's seat, as its host, and one
      exclusivity: "invite-only",
    });
    await as(ana).events.invite({ eventId: supper.id, eventTitle: supper.title, userIds: [bea.id, cleo.id] });
    expect((await lines(bea))[0]).toBe("Ana invited you to “Small supper”");
    await as(bea).events.join({ id: supper.id });
    await as(cleo).events.join({ id: supper.id }); // waits: one seat
    expect((await lines(ana))[0]).toBe("Bea joined “Small supper”, which you invited her to");
    await as(bea).events.leave({ id: supper.id });
    expect((await lines(cleo))[0]).toBe("A seat opened for you at “Small supper”: you are going");

    await api.db.transaction(async (tx) => {
      const { noticeEventMedia } = await import("./domain/notifications/on-events");
      await noticeEventMedia(tx, supper.id, ana.id);
      await noticeEventMedia(tx, supper.id, ana.id);
    });
    expect((await lines(cleo))[0]).toBe("Ana added 2 photos and videos to “Small supper”");
  });

  it("never tells what she may no longer see, and news of applications goes to admins only", async () => {
    const secret = await as(ana).events.create({
      title: "Secret salon",
      event_date: inDays(5),
      exclusivity: "invite-only",
    });
    await as(ana).events.invite({ eventId: secret.id, eventTitle: secret.title, userIds: [bea.id] });
    expect((await lines(bea))[0]).toBe("Ana invited you to “Secret salon”");
    // The invitation withdrawn (expired): the event is hidden from Bea, and so is its news.
    const { eventInvitations } = await import("@club/db");
    await api.db
      .update(eventInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventInvitations.eventId, secret.id));
    expect(await lines(bea)).not.toContain("Ana invited you to “Secret salon”");
    const unread = (await as(bea).notifications.unread()).unread;
    expect((await as(bea).notifications.list()).items.filter((i) => !i.read).length).toBe(unread);

    const code = await api.callerFor(admin).invitationCodes.create({ maxUses: 1 });
    await api
      .callerFor(null)
      .applications.submit(applicationWith(code.code, { name: "Dora Applicant", email: "dora@news.test" }));
    expect((await lines(admin))[0]).toBe("Dora Applicant applied for membership");
    expect(await lines(ana)).not.toContain("Dora Applicant applied for membership");
    const rows = await api.db.select().from(notifications).where(eq(notifications.kind, "application"));
    expect(rows.map((r) => r.userId)).toEqual([admin.id]);
  });

  it("keeps a kind out of the bell when she turns it off in the app, and her choices are hers", async () => {
    const photo = await api.mediaRow({ uploadedBy: cleo.id, title: "Quiet study" });
    const saved = await as(cleo).notifications.setPrefs({
      kinds: [{ kind: "comment", inApp: false, email: true }],
      digest: "weekly",
    });
    expect(saved.digest).toBe("weekly");
    expect(saved.kinds.find((k) => k.kind === "comment")).toEqual({ kind: "comment", inApp: false, email: true });
    const before = (await as(cleo).notifications.unread()).unread;
    await as(bea).comments.create({ commentableId: photo, content: "Serene" });
    expect((await as(cleo).notifications.unread()).unread).toBe(before);
    expect(await lines(cleo)).not.toContain("Bea commented on your photo “Quiet study”");
    // Another member's choices are untouched.
    expect((await as(bea).notifications.prefs()).kinds.every((k) => k.inApp && k.email)).toBe(true);
    await expect(as(cleo).notifications.setPrefs({ kinds: [], digest: "hourly" as "daily" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("tells those going or waiting that an event changed, then that it is cancelled", async () => {
    const walk = await as(ana).events.create({ title: "Harbour walk", event_date: inDays(12), city: "Boston" });
    await as(bea).events.join({ id: walk.id });
    await as(ana).events.update({ id: walk.id, title: "Harbour walk", event_date: inDays(13), city: "Boston" });
    expect((await lines(bea))[0]).toBe("“Harbour walk” changed its date, time or place");
    await as(ana).events.delete({ id: walk.id });
    const [cancelled] = (await as(bea).notifications.list()).items;
    expect(cancelled).toMatchObject({ text: "“Harbour walk” is cancelled", link: "/calendar" });
    // The change's line went with the event.
    expect(await lines(bea)).not.toContain("“Harbour walk” changed its date, time or place");
  });
});
