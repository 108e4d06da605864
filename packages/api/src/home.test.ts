import { generateToken, hashToken, type SessionUser } from "@club/auth";
import { eventInvitations, events, media, profiles } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayAfter, todayIn } from "./domain/events/calendar";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let ada: SessionUser;
let host: SessionUser;
let bea: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ada = await api.member("ada@home.test", { name: "Ada" });
  host = await api.member("host@home.test", { type: "Founding", name: "Hostess" });
  bea = await api.member("bea@home.test", { type: "Founding", name: "Bea" });
  admin = await api.member("admin@home.test", { admin: true, name: "Admin" });
});
afterAll(() => api.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const homeOf = (who: SessionUser) => api.callerFor(who).home.get();

async function invite(eventId: string, invitee: SessionUser, expiresInDays = 7): Promise<string> {
  const [row] = await api.db
    .insert(eventInvitations)
    .values({
      tokenHash: hashToken(generateToken()),
      eventId,
      inviteeId: invitee.id,
      invitedBy: host.id,
      expiresAt: new Date(Date.now() + expiresInDays * 86_400_000),
    })
    .returning({ id: eventInvitations.id });
  return row!.id;
}

describe("her home", () => {
  it("is empty for a new member, and for nobody else", async () => {
    const home = await homeOf(ada);
    expect(home).toMatchObject({
      lastVisit: null,
      nextEvents: [],
      invitations: [],
      deadlines: [],
      newMedia: [],
      comments: [],
      news: [],
    });
    await expect(api.callerFor(null).home.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("welcomes a new member with four first steps, each ticked once done, and none once all are", async () => {
    const nina = await api.member("nina@home.test", { name: "Nina" });
    expect((await homeOf(nina)).welcome).toEqual({ portrait: false, talents: false, event: false, photo: false });
    await api.db.insert(profiles).values({ userId: nina.id, talents: ["Glass"], portraitPrefix: "portraits/x" });
    const walk = await api.callerFor(host).events.create({ title: "Welcome walk", event_date: inDays(4) });
    await api.callerFor(nina).events.join({ id: walk.id });
    expect((await homeOf(nina)).welcome).toEqual({ portrait: true, talents: true, event: true, photo: false });
    // A photo of hers in the gallery: the last step.
    await api.mediaRow({ uploadedBy: nina.id });
    expect((await homeOf(nina)).welcome).toBeNull();
  });

  it("lists her next events, going or waiting with her place in line, and not past ones", async () => {
    const host_ = api.callerFor(host);
    const later = await host_.events.create({ title: "Later salon", event_date: inDays(20), city: "Boston" });
    const sooner = await host_.events.create({ title: "Sooner supper", event_date: inDays(3), start_time: "18:30" });
    // Two seats: its host's and Bea's.
    const full = await host_.events.create({ title: "Full gala", event_date: inDays(10), capacity: 2 });
    const past = await host_.events.create({ title: "Past picnic", event_date: inDays(-3) });
    await api.callerFor(bea).events.join({ id: full.id });
    for (const e of [later, sooner, full]) await api.callerFor(ada).events.join({ id: e.id });
    // She went to the picnic: a past event's guest list is an admin's to fill in (nobody joins it now).
    await api.callerFor(admin).events.addParticipants({ eventId: past.id, userIds: [ada.id] });

    const { nextEvents } = await homeOf(ada);
    expect(nextEvents.map((e) => [e.title, e.status, e.position])).toEqual([
      ["Sooner supper", "going", null],
      ["Full gala", "waitlist", 1],
      ["Later salon", "going", null],
    ]);
    expect(nextEvents[0]).toMatchObject({ startTime: "18:30", eventDate: inDays(3) });
    expect(nextEvents[2]).toMatchObject({ city: "Boston", isPhysical: true });
    // The host's own events are among hers: she is going to each.
    const hers = (await homeOf(host)).nextEvents.filter((e) =>
      ["Sooner supper", "Full gala", "Later salon"].includes(e.title),
    );
    expect(hers.map((e) => [e.title, e.status])).toEqual([
      ["Sooner supper", "going"],
      ["Full gala", "going"],
      ["Later salon", "going"],
    ]);
  });

  it("lists invitations waiting for her answer; she accepts or declines there, and another's is refused", async () => {
    const host_ = api.callerFor(host);
    const dinner = await host_.events.create({
      title: "Private dinner",
      event_date: inDays(12),
      exclusivity: "invite-only",
    });
    const tea = await host_.events.create({ title: "Private tea", event_date: inDays(14), exclusivity: "invite-only" });
    const toDinner = await invite(dinner.id, ada);
    const toTea = await invite(tea.id, ada);
    await invite(dinner.id, bea, -1); // expired: not hers to answer, and not shown to Bea either

    const { invitations } = await homeOf(ada);
    expect(invitations.map((i) => [i.event.title, i.invitedBy])).toEqual([
      ["Private dinner", "Hostess"],
      ["Private tea", "Hostess"],
    ]);
    expect((await homeOf(bea)).invitations).toEqual([]);

    // Bea cannot answer Ada's invitation, either way.
    for (const accept of [true, false]) {
      await expect(
        api.callerFor(bea).events.answerInvitation({ invitationId: toDinner, accept }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Invalid or expired invitation" });
    }

    const accepted = await api.callerFor(ada).events.answerInvitation({ invitationId: toDinner, accept: true });
    expect(accepted).toMatchObject({ message: "You have joined the event.", event: { title: "Private dinner" } });
    const declined = await api.callerFor(ada).events.answerInvitation({ invitationId: toTea, accept: false });
    expect(declined.message).toBe("Invitation declined.");

    const after = await homeOf(ada);
    expect(after.invitations).toEqual([]);
    expect(after.nextEvents.map((e) => e.title)).toContain("Private dinner");
    // Declined: the invite-only tea is hidden from her again.
    await expect(api.callerFor(ada).events.get({ id: tea.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Answered once: a second answer is refused.
    await expect(
      api.callerFor(ada).events.answerInvitation({ invitationId: toDinner, accept: true }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("shows RSVP deadlines coming up on events she can see and has not answered", async () => {
    const host_ = api.callerFor(host);
    // The club's local day and time, as the wizard sends it (the test club is in New York).
    const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
    const deadline = local(5);
    await host_.events.create({ title: "Deadline soon", event_date: inDays(25), rsvp_deadline: deadline });
    await host_.events.create({
      title: "Hidden deadline",
      event_date: inDays(25),
      rsvp_deadline: deadline,
      exclusivity: "invite-only",
    });
    await host_.events.create({
      title: "Far deadline",
      event_date: inDays(60),
      rsvp_deadline: local(40),
    });
    const joined = await host_.events.create({
      title: "Joined deadline",
      event_date: inDays(25),
      rsvp_deadline: deadline,
    });
    await api.callerFor(ada).events.join({ id: joined.id });

    expect((await homeOf(ada)).deadlines.map((e) => e.title)).toEqual(["Deadline soon"]);
    // The admin sees every event: the invite-only one too.
    expect((await homeOf(admin)).deadlines.map((e) => e.title)).toEqual(
      expect.arrayContaining(["Deadline soon", "Hidden deadline"]),
    );
  });

  it("shows others' new photos and videos from her events, marked new until she has seen her home", async () => {
    const host_ = api.callerFor(host);
    const salon = await host_.events.create({ title: "Photo salon", event_date: inDays(-1) });
    const elsewhere = await host_.events.create({ title: "Not hers", event_date: inDays(-1) });
    const secret = await host_.events.create({ title: "Secret", event_date: inDays(-1), exclusivity: "invite-only" });
    await api.callerFor(admin).events.addParticipants({ eventId: salon.id, userIds: [ada.id] });
    const hostsPhoto = await api.mediaRow({ uploadedBy: host.id, associatedEventId: salon.id, title: "Toast" });
    await api.mediaRow({ uploadedBy: ada.id, associatedEventId: salon.id, title: "Her own" });
    await api.mediaRow({ uploadedBy: host.id, associatedEventId: elsewhere.id, title: "Elsewhere" });
    await api.mediaRow({ uploadedBy: host.id, associatedEventId: secret.id, title: "Secret photo" });
    await api.mediaRow({ uploadedBy: host.id, associatedEventId: salon.id, title: "Pending", status: "pending" });

    const first = await homeOf(ada);
    expect(first.newMedia.map((m) => [m.title, m.event.title, m.isNew])).toEqual([["Toast", "Photo salon", false]]);

    await api.callerFor(ada).home.seen();
    const seen = await homeOf(ada);
    expect(seen.lastVisit).toBeInstanceOf(Date);
    expect(seen.newMedia).toEqual([]);

    // Uploaded after her visit: new.
    await api.db
      .update(media)
      .set({ uploadDate: new Date(Date.now() + 1000) })
      .where(eq(media.id, hostsPhoto));
    expect((await homeOf(ada)).newMedia.map((m) => [m.title, m.isNew])).toEqual([["Toast", true]]);
  });

  it("shows others' latest comments on her events and her uploads, not her own", async () => {
    const mine = await api.callerFor(host).events.create({ title: "Hostess's own", event_date: inDays(30) });
    const upload = await api.mediaRow({ uploadedBy: host.id, title: "Her portrait" });
    const theirs = await api.callerFor(bea).events.create({ title: "Bea's", event_date: inDays(30) });
    await api.callerFor(ada).comments.create({ commentableId: mine.id, content: "Count me in!" });
    await api.callerFor(bea).comments.create({ commentableId: upload, content: "Lovely picture" });
    await api.callerFor(host).comments.create({ commentableId: mine.id, content: "Her own remark" });
    await api.callerFor(ada).comments.create({ commentableId: theirs.id, content: "On someone else's" });

    const { comments } = await homeOf(host);
    expect(comments.map((c) => [c.author, c.excerpt, c.on.kind, c.on.title])).toEqual([
      ["Bea", "Lovely picture", "media", "Her portrait"],
      ["Ada", "Count me in!", "event", "Hostess's own"],
    ]);
  });

  it("says when it changes by itself, so that a server keeps it no longer", async () => {
    const zoe = await api.member("zoe@home.test", { name: "Zoe" });
    const host_ = api.callerFor(host);
    const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
    const dinner = await host_.events.create({
      title: "Zoe's dinner",
      event_date: inDays(12),
      exclusivity: "invite-only",
    });
    await invite(dinner.id, zoe, 2);
    await host_.events.create({ title: "Closing soon", event_date: inDays(25), rsvp_deadline: local(3) });
    const later = await host_.events.create({
      title: "Closing later",
      event_date: inDays(30),
      rsvp_deadline: local(20),
    });
    const party = await host_.events.create({ title: "Zoe's party", event_date: inDays(-2) });
    await api.callerFor(admin).events.addParticipants({ eventId: party.id, userIds: [zoe.id] });
    const photo = await api.mediaRow({
      uploadedBy: host.id,
      associatedEventId: party.id,
      uploadDate: new Date(Date.now() - 10 * 86_400_000),
    });

    const said: Date[] = [];
    const home = await api.callerFor(zoe, { answerChangesAt: (at) => said.push(at) }).home.get();
    const deadlineOf = async (id: string) =>
      (await api.db.select({ at: events.rsvpDeadline }).from(events).where(eq(events.id, id)))[0]!.at!;
    const uploaded = (await api.db.select({ at: media.uploadDate }).from(media).where(eq(media.id, photo)))[0]!.at;
    const timeZone = api.contextFor(zoe).config.timeZone;
    // Tomorrow, when today's events are past; her invitation's end; the deadline shown passing;
    // the one not shown yet coming within 14 days; the first visit's photo leaving its 30 days.
    expect(home.invitations.map((i) => i.event.title)).toEqual(["Zoe's dinner"]);
    expect(home.deadlines.map((e) => e.title)).toContain("Closing soon");
    expect(home.deadlines.map((e) => e.title)).not.toContain("Closing later");
    expect(home.newMedia.map((m) => m.id)).toEqual([photo]);
    const soon = home.deadlines.find((e) => e.title === "Closing soon")!.rsvpDeadline!;
    for (const at of [
      dayAfter(todayIn(timeZone), timeZone),
      home.invitations[0]!.expiresAt,
      soon,
      new Date((await deadlineOf(later.id)).getTime() - 14 * 86_400_000),
      new Date(uploaded.getTime() + 30 * 86_400_000),
    ])
      expect(said).toContainEqual(at);
    // Each at its moment, and never one already past.
    expect(said.every((at) => at.getTime() > Date.now() - 1000)).toBe(true);

    // Once she has seen her home, her photos are new since then, whenever they came.
    await api.callerFor(zoe).home.seen();
    const after: Date[] = [];
    await api.callerFor(zoe, { answerChangesAt: (at) => after.push(at) }).home.get();
    expect(after).not.toContainEqual(new Date(uploaded.getTime() + 30 * 86_400_000));
  });

  it("shows what admins sent to all members lately, not to a smaller group", async () => {
    const admin_ = api.callerFor(admin);
    await admin_.adminMail.send({
      subject: "Spring programme",
      body: "<p>Our <b>spring</b> season</p>",
      recipientGroup: "all",
    });
    await admin_.adminMail
      .send({ subject: "For testers", body: "<p>Try this</p>", recipientGroup: "testing" })
      .catch(() => {});
    const { news } = await homeOf(ada);
    expect(news.map((n) => [n.subject, n.text.trim()])).toEqual([["Spring programme", "Our spring season"]]);
  });
});
