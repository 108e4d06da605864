import type { SessionUser } from "@club/auth";
import { mailOutbox, notifications } from "@club/db";
import { and, eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";
import { Throttle } from "./throttle";

let api: TestApi;
let ana: SessionUser;
let bea: SessionUser;
let cleo: SessionUser;
let admin: SessionUser;
let crowd: SessionUser[];
beforeAll(async () => {
  api = await testApi();
  ana = await api.member("ana@invite.test", { type: "Founding", name: "Ana" });
  bea = await api.member("bea@invite.test", { name: "Bea" });
  cleo = await api.member("cleo@invite.test", { name: "Cleo" });
  admin = await api.member("admin@invite.test", { admin: true, name: "Alexandra" });
  crowd = [];
  for (let i = 0; i < 55; i++) crowd.push(await api.member(`guest${i}@invite.test`, { name: `Guest ${i}` }));
});
afterAll(() => api.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const invitationMails = async (to: string) =>
  (await api.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => /invit/i.test(m.subject));
/** Her bell's lines of invitations to the event, and how many acts each gathered. */
const invitationNews = async (who: SessionUser, eventId: string) =>
  (
    await api.db
      .select({ count: notifications.count })
      .from(notifications)
      .where(
        and(eq(notifications.userId, who.id), eq(notifications.kind, "invited"), eq(notifications.subjectId, eventId)),
      )
  ).map((n) => n.count);

/** Calls sharing one throttle, as one server's requests do. */
const withThrottle = (who: SessionUser, throttle: Throttle) => api.callerFor(who, { throttle });

describe("inviting members to an event", () => {
  it("mails a member once however often she is invited, and leaves out those going, waiting or the host", async () => {
    const tea = await api.callerFor(ana).events.create({ title: "Garden tea", event_date: inDays(12), capacity: 1 });
    // Twenty calls for one event once sent her twenty mails.
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(await api.callerFor(ana).events.invite({ eventId: tea.id, userIds: [bea.id] }));
    expect(answers[0]).toEqual({ message: "Invitations sent to 1 member(s).", invited: 1, skipped: 0 });
    expect(answers[19]).toEqual({
      message: "No invitations sent: she was going or invited already.",
      invited: 0,
      skipped: 1,
    });
    expect(await invitationMails(bea.email)).toHaveLength(1);
    expect(await invitationNews(bea, tea.id)).toEqual([1]);

    // Cleo takes the one seat, Bea's first invitation stands: neither is invited again; the host is
    // never invited to her own event, nor is the inviter.
    await api.callerFor(cleo).events.join({ id: tea.id });
    const guest = crowd[0]!;
    await api.callerFor(guest).events.join({ id: tea.id }); // the waitlist
    const again = await api
      .callerFor(bea)
      .events.invite({ eventId: tea.id, userIds: [ana.id, bea.id, cleo.id, guest.id, crowd[1]!.id] });
    expect(again).toEqual({
      message: "Invitations sent to 1 member(s). 4 were going or invited already.",
      invited: 1,
      skipped: 4,
    });
    expect(await invitationMails(cleo.email)).toHaveLength(0);
    expect(await invitationMails(guest.email)).toHaveLength(0);
  });

  it("mails her once when invitations to her arrive at the same moment", async () => {
    const brunch = await api.callerFor(ana).events.create({ title: "Sunday brunch", event_date: inDays(14) });
    const guest = crowd[50]!;
    // Five calls at once each found her not invited yet, and each mailed her.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.callerFor(ana).events.invite({ eventId: brunch.id, userIds: [guest.id] })),
    );
    expect(answers.map((a) => a.invited).sort()).toEqual([0, 0, 0, 0, 1]);
    expect((await invitationMails(guest.email)).filter((m) => m.subject.includes("Sunday brunch"))).toHaveLength(1);
  });

  it("sends a member's invitations at 50 an hour, says how many are left, and takes a smaller batch", async () => {
    const throttle = new Throttle();
    const events = [];
    for (let i = 0; i < 3; i++)
      events.push(await api.callerFor(ana).events.create({ title: `Salon ${i}`, event_date: inDays(20 + i) }));
    const ids = crowd.map((m) => m.id);
    // 30 on one event, then 30 more on another: the second would pass 50, and is refused whole.
    expect(
      (await withThrottle(ana, throttle).events.invite({ eventId: events[0]!.id, userIds: ids.slice(0, 30) })).invited,
    ).toBe(30);
    await expect(
      withThrottle(ana, throttle).events.invite({ eventId: events[1]!.id, userIds: ids.slice(0, 30) }),
    ).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message:
        "You can send 50 invitations an hour, and 20 are left. Please invite fewer members, or wait 60 minute(s).",
    });
    expect(await invitationMails(crowd[40]!.email)).toHaveLength(0);
    // What is left still goes.
    expect(
      (await withThrottle(ana, throttle).events.invite({ eventId: events[1]!.id, userIds: ids.slice(0, 20) })).invited,
    ).toBe(20);
    await expect(
      withThrottle(ana, throttle).events.invite({ eventId: events[2]!.id, userIds: [bea.id] }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // Members already invited cost nothing: the call sends nothing and is answered.
    expect(
      await withThrottle(ana, throttle).events.invite({ eventId: events[0]!.id, userIds: ids.slice(0, 5) }),
    ).toMatchObject({
      invited: 0,
      skipped: 5,
    });
  });

  it("lets an admin invite the whole club at once", async () => {
    const throttle = new Throttle();
    const gala = await api
      .callerFor(admin)
      .events.create({ title: "Gala", event_date: inDays(40), exclusivity: "invite-only" });
    const all = [ana, bea, cleo, ...crowd].map((m) => m.id);
    expect((await withThrottle(admin, throttle).events.invite({ eventId: gala.id, userIds: all })).invited).toBe(58);
  });
});

describe("limits on what a member's acts mail", () => {
  it("announces an event twice a day at most, and a member five announcements a day; an admin no more per event", async () => {
    const throttle = new Throttle();
    const announce = (who: SessionUser, eventId: string) =>
      withThrottle(who, throttle).events.announce({
        eventId,
        subject: "Come along",
        body: "<p>Do come.</p>",
        recipientGroup: "selected",
        selectedMemberIds: [bea.id],
      });
    const dinners = [];
    for (let i = 0; i < 4; i++)
      dinners.push(await api.callerFor(ana).events.create({ title: `Dinner ${i}`, event_date: inDays(30 + i) }));
    await announce(ana, dinners[0]!.id);
    await announce(ana, dinners[0]!.id);
    await expect(announce(ana, dinners[0]!.id)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "An event is announced twice a day at most. Please wait 1440 minute(s) before announcing it again.",
    });
    // An admin is held to the event's limit too: its members are mailed no more.
    await expect(announce(admin, dinners[0]!.id)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await announce(ana, dinners[1]!.id);
    await announce(ana, dinners[1]!.id);
    await announce(ana, dinners[2]!.id);
    await expect(announce(ana, dinners[3]!.id)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "You can send 5 announcements a day. Please wait 1440 minute(s).",
    });
    await announce(admin, dinners[3]!.id);
    const mails = (await api.db.select().from(mailOutbox).where(eq(mailOutbox.to, bea.email))).filter(
      (m) => m.subject === "Come along",
    );
    expect(mails).toHaveLength(6);
  });

  it("counts the addresses typed in full in the invitation picker, which tell who owns them", async () => {
    const throttle = new Throttle();
    const picker = (email?: string) =>
      withThrottle(cleo, throttle).events.invitableMembers(email ? { email } : undefined);
    expect((await picker(bea.email)).find((m) => m.user_id === bea.id)?.email).toBe(bea.email);
    for (let i = 1; i < 40; i++) await picker(`nobody${i}@invite.test`);
    await expect(picker("someone@invite.test")).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many addresses looked up. Please wait 60 minute(s), or choose members from the list.",
    });
    // The list itself is not counted.
    expect((await picker()).length).toBeGreaterThan(50);
  });
});

describe("an event that is over", () => {
  it("is not joined, invited to or announced, each refused with a sentence", async () => {
    const yesterday = inDays(-1);
    const tea = await api.callerFor(ana).events.create({
      title: "Yesterday Test Tea",
      event_date: yesterday,
      start_time: "15:00",
      end_time: "17:00",
    });
    const day = new Date(`${yesterday}T12:00:00Z`).toLocaleDateString("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(api.callerFor(bea).events.join({ id: tea.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: `Yesterday Test Tea ended on ${day}: it can no longer be joined.`,
    });
    await expect(api.callerFor(ana).events.invite({ eventId: tea.id, userIds: [bea.id] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: `Yesterday Test Tea ended on ${day}: invitations are for events still to come.`,
    });
    await expect(
      api.callerFor(ana).events.announce({
        eventId: tea.id,
        subject: "Come along",
        body: "<p>Tea!</p>",
        recipientGroup: "all",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: `Yesterday Test Tea ended on ${day}: announcements are for events still to come.`,
    });
    // Nobody joined: its host alone was there.
    expect(await api.callerFor(ana).events.get({ id: tea.id })).toMatchObject({
      ended: true,
      participants: [{ user_id: ana.id }],
    });
  });
});
