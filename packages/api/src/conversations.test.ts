import type { SessionUser } from "@club/auth";
import { conversationMembers, messageReports, messages, users } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWaitingMessages } from "./domain/conversations/mail";
import { exportedMember, jsonPieces, sections } from "./domain/data-export/contents";
import { type TestApi, testApi } from "./test/api";
import { Throttle } from "./throttle";

// Messages through their procedures, as the pages and scripts call them: a member writes to another,
// the other reads and answers, blocks, reports; what is unread for 15 minutes is e-mailed once.

let api: TestApi;
let ana: SessionUser;
let bea: SessionUser;
let cleo: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ana = await api.member("ana@club.test", { name: "Ana Alves" });
  bea = await api.member("bea@club.test", { name: "Bea Brown" });
  cleo = await api.member("cleo@club.test", { name: "Cleo Costa" });
  admin = await api.member("admin@club.test", { name: "Ada Admin", admin: true });
});
afterAll(() => api.close());

const as = (who: SessionUser) => api.callerFor(who);
const mail = (now: Date) =>
  mailWaitingMessages({ db: api.db, jobs: api.jobs, config: api.contextFor(null).config }, now);
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

describe("a conversation between two members", () => {
  let id: string;

  it("starts with her first message; the other has it unread, the writer does not", async () => {
    const started = await as(ana).conversations.start({ memberIds: [bea.id], text: "Lunch on Friday?" });
    id = started.id;
    expect(started.message).toBe("Your message is sent.");
    expect(await as(bea).conversations.unread()).toEqual({ unread: 1 });
    expect(await as(ana).conversations.unread()).toEqual({ unread: 0 });
    const list = await as(bea).conversations.list();
    expect(list.unread).toBe(1);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id,
      unread: 1,
      muted: false,
      members: [{ id: ana.id, name: "Ana Alves", portrait: null }],
      last_message: { text: "Lunch on Friday?", author_name: "Ana Alves", mine: false },
    });
  });

  it("writing to her again continues the same conversation", async () => {
    const again = await as(ana).conversations.start({ memberIds: [bea.id], text: "Or Saturday." });
    expect(again.id).toBe(id);
    expect(await as(bea).conversations.unread()).toEqual({ unread: 2 });
  });

  it("reads oldest first; text is kept as written (no markup is made of it)", async () => {
    await as(bea).conversations.send({ id, text: "<b>Friday</b> works: https://example.com/menu" });
    const page = await as(ana).conversations.messages({ id });
    expect(page.items.map((m) => [m.author?.name, m.text, m.mine])).toEqual([
      ["Ana Alves", "Lunch on Friday?", true],
      ["Ana Alves", "Or Saturday.", true],
      ["Bea Brown", "<b>Friday</b> works: https://example.com/menu", false],
    ]);
    expect(page.older).toBeNull();
    // Her own message marked hers read: Bea's answer is Ana's only unread one; Bea read all she wrote after.
    expect(await as(ana).conversations.unread()).toEqual({ unread: 1 });
    expect(await as(bea).conversations.unread()).toEqual({ unread: 0 });
    expect(await as(ana).conversations.read({ id })).toEqual({ unread: 0 });
  });

  it("pages back through a long history", async () => {
    const [first] = await api.db.select().from(messages).where(eq(messages.conversationId, id)).limit(1);
    await api.db.insert(messages).values(
      Array.from({ length: 60 }, (_, i) => ({
        conversationId: id,
        authorId: i % 2 ? ana.id : bea.id,
        body: `Line ${i}`,
        createdAt: new Date((first?.createdAt.getTime() ?? 0) - (60 - i) * 1000),
      })),
    );
    const newest = await as(ana).conversations.messages({ id });
    expect(newest.items).toHaveLength(50);
    expect(newest.items.at(-1)?.text).toBe("<b>Friday</b> works: https://example.com/menu");
    const older = await as(ana).conversations.messages({ id, before: newest.older ?? undefined });
    expect(older.items.map((m) => m.text)).toEqual(Array.from({ length: 13 }, (_, i) => `Line ${i}`));
    expect(older.older).toBeNull();
    await expect(as(ana).conversations.messages({ id, before: "not-a-cursor" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("does not exist for anyone else, admins included, by every procedure", async () => {
    const [message] = await api.db.select().from(messages).where(eq(messages.conversationId, id)).limit(1);
    for (const who of [cleo, admin]) {
      const c = as(who);
      // Each called only when awaited: a refusal made ahead would go unhandled meanwhile.
      const calls = [
        () => c.conversations.get({ id }),
        () => c.conversations.messages({ id }),
        () => c.conversations.send({ id, text: "Hello?" }),
        () => c.conversations.read({ id }),
        () => c.conversations.mute({ id, muted: true }),
        () => c.conversations.leave({ id }),
        () => c.conversations.report({ id: message!.id, reason: "Let me in" }),
      ];
      for (const call of calls) await expect(call()).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect((await c.conversations.list()).items.map((i) => i.id)).not.toContain(id);
    }
  });

  it("muted: not in her number and not e-mailed; its unread mark stays", async () => {
    await as(bea).conversations.mute({ id, muted: true });
    await as(ana).conversations.send({ id, text: "Are you there?" });
    expect(await as(bea).conversations.unread()).toEqual({ unread: 0 });
    expect((await as(bea).conversations.list()).items[0]).toMatchObject({ id, muted: true, unread: 1 });
    const before = (await api.mailsTo(bea.email)).length;
    await mail(minutesFromNow(20));
    expect(await api.mailsTo(bea.email)).toHaveLength(before);
    await as(bea).conversations.mute({ id, muted: false });
    await as(bea).conversations.read({ id });
  });
});

describe("the e-mail of a message unread for 15 minutes", () => {
  it("goes once per conversation, quoting what waits, after 15 minutes and not before", async () => {
    const dan = await api.member("dan@club.test", { name: "Dana Dias" });
    const { id } = await as(ana).conversations.start({ memberIds: [dan.id], text: "Welcome to the club!" });
    await as(ana).conversations.send({ id, text: "Tea next week? <script>alert(1)</script>" });
    expect(await mail(minutesFromNow(14))).toBe(0);
    expect(await mail(minutesFromNow(16))).toBe(1);
    const mails = await api.mailsTo(dan.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("2 messages from Ana Alves");
    expect(mails[0]?.html).toContain("Welcome to the club!");
    expect(mails[0]?.html).toContain("&lt;script&gt;");
    expect(mails[0]?.html).not.toContain("<script>");
    expect(mails[0]?.html).toContain(`http://club.test/messages/${id}`);
    // Told once: the next runs send nothing more.
    expect(await mail(minutesFromNow(30))).toBe(0);
    // A new message waits 15 minutes of its own.
    await as(ana).conversations.send({ id, text: "Thursday at four?" });
    expect(await mail(minutesFromNow(16))).toBe(1);
    expect((await api.mailsTo(dan.email)).at(-1)?.subject).toBe("A message from Ana Alves");
  });

  it("is not sent when she read it in time, or turned it off", async () => {
    const eve = await api.member("eve@club.test", { name: "Eve Evans" });
    const { id } = await as(ana).conversations.start({ memberIds: [eve.id], text: "Hello Eve" });
    await as(eve).conversations.read({ id });
    expect(await mail(minutesFromNow(20))).toBe(0);
    await as(eve).preferences.update({ messages: false });
    await as(ana).conversations.send({ id, text: "Still there?" });
    expect(await mail(minutesFromNow(20))).toBe(0);
    expect(await api.mailsTo(eve.email)).toHaveLength(0);
    const [row] = await api.db.select({ on: users.mailMessages }).from(users).where(eq(users.id, eve.id));
    expect(row?.on).toBe(false);
  });
});

describe("blocking", () => {
  it("she cannot write to a member who blocked her, and is told only that she cannot", async () => {
    const fay = await api.member("fay@club.test", { name: "Fay Fern" });
    const { id } = await as(ana).conversations.start({ memberIds: [fay.id], text: "Hi Fay" });
    expect((await as(fay).conversations.block({ id: ana.id })).message).toBe(
      "Ana Alves is blocked: she cannot write to you.",
    );
    await expect(as(ana).conversations.send({ id, text: "Hello?" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot write to this member.",
    });
    await expect(as(ana).conversations.start({ memberIds: [fay.id], text: "Hello?" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot write to this member.",
    });
    expect((await as(ana).conversations.get({ id })).cannot_write).toBe("You cannot write to this member.");
    // Nor does she write to the member she blocked, until she unblocks her.
    await expect(as(fay).conversations.send({ id, text: "Go away" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "You blocked Ana Alves: unblock her on her profile to write to her.",
    });
    expect((await as(fay).conversations.blocked()).map((p) => p.name)).toEqual(["Ana Alves"]);
    await as(fay).conversations.unblock({ id: ana.id });
    expect((await as(ana).conversations.send({ id, text: "Hello again" })).text).toBe("Hello again");
    await expect(as(fay).conversations.block({ id: fay.id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("reporting a message", () => {
  it("reaches the admins, who see it with five messages either side and nothing else", async () => {
    const gia = await api.member("gia@club.test", { name: "Gia Gold" });
    const { id } = await as(gia).conversations.start({ memberIds: [ana.id], text: "Line 0" });
    for (let i = 1; i <= 12; i++) await as(i % 2 ? ana : gia).conversations.send({ id, text: `Line ${i}` });
    const page = await as(ana).conversations.messages({ id });
    const reported = page.items.find((m) => m.text === "Line 8");
    await expect(
      as(ana).conversations.report({ id: page.items.find((m) => m.text === "Line 7")!.id, reason: "Mine" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "You cannot report your own message.",
    });
    const waiting = (await as(admin).adminPanel.counts()).openReports;
    const told = await as(ana).conversations.report({ id: reported!.id, reason: "She is rude to me" });
    expect((await as(admin).adminPanel.counts()).openReports).toBe(waiting + 1);
    expect(told.message).toBe("Thank you: the message is reported to the club's administrators.");
    expect((await as(admin).notifications.list()).items.map((i) => i.text)).toContain("Ana Alves reported a message");
    // Members never hear of reports.
    expect((await as(gia).notifications.list()).items.map((i) => i.text)).not.toContain("Ana Alves reported a message");
    await expect(as(ana).conversations.reports()).rejects.toMatchObject({ code: "FORBIDDEN" });
    const reports = await as(admin).conversations.reports();
    const report = reports.find((r) => r.message.id === reported!.id);
    expect(report).toMatchObject({
      reason: "She is rude to me",
      reporter_name: "Ana Alves",
      members: ["Ana Alves", "Gia Gold"],
    });
    expect(report?.context.map((m) => m.text)).toEqual(
      ["Line 3", "Line 4", "Line 5", "Line 6", "Line 7", "Line 8", "Line 9", "Line 10", "Line 11", "Line 12"].slice(
        0,
        10,
      ),
    );
    expect((await as(admin).conversations.closeReport({ id: report!.id })).message).toBe("The report is closed.");
    expect((await as(admin).conversations.reports()).map((r) => r.id)).not.toContain(report!.id);
    expect((await as(admin).adminPanel.counts()).openReports).toBe(waiting);
    await expect(as(admin).conversations.closeReport({ id: report!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("what one member's reports may cost the admins", () => {
  it("at most 20 of hers wait at once, the 21st refused in words; one closed makes room", async () => {
    const lia = await api.member("lia@club.test", { name: "Lia Lake" });
    const { id } = await as(cleo).conversations.start({ memberIds: [lia.id], text: "First" });
    for (let i = 0; i < 20; i++) await as(cleo).conversations.send({ id, text: `Line ${i}` });
    const theirs = (await as(lia).conversations.messages({ id })).items.filter((m) => !m.mine);
    await api.db
      .insert(messageReports)
      .values(theirs.slice(0, 20).map((m) => ({ messageId: m.id, reporterId: lia.id, reason: "Unkind" })));
    const last = theirs[20]!;
    await expect(as(lia).conversations.report({ id: last.id, reason: "Unkind too" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "You have 20 reports waiting for the admins; they will look at them soon.",
    });
    const [one] = (await as(admin).conversations.reports()).filter((r) => r.reporter_name === "Lia Lake");
    await as(admin).conversations.closeReport({ id: one!.id });
    expect((await as(lia).conversations.report({ id: last.id, reason: "Unkind too" })).message).toContain("Thank you");
  });
});

describe("groups, leaving, photos and limits", () => {
  it("a group of up to 10; a member who leaves neither reads nor writes in it again", async () => {
    const crowd = await Promise.all(Array.from({ length: 9 }, (_, i) => api.member(`crowd${i}@club.test`)));
    await expect(
      as(ana).conversations.start({ memberIds: [...crowd.map((m) => m.id), bea.id], text: "Too many" }),
    ).rejects.toThrow("A conversation has at most 10 members, you included.");
    await expect(as(ana).conversations.start({ memberIds: [ana.id], text: "Me" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Choose someone other than yourself to write to.",
    });
    const { id } = await as(ana).conversations.start({ memberIds: crowd.map((m) => m.id), text: "Book club" });
    expect((await as(crowd[0]!).conversations.get({ id })).members).toHaveLength(9);
    await as(crowd[0]!).conversations.leave({ id });
    await expect(as(crowd[0]!).conversations.messages({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await as(ana).conversations.get({ id })).members).toHaveLength(8);
  });

  it("a shared photo is shown to each reader only while she may see it", async () => {
    const photo = await api.mediaRow({ uploadedBy: ana.id, status: "ready", width: 800, height: 600 });
    const hidden = await api.mediaRow({ uploadedBy: cleo.id, status: "ready", uploaderOnly: true });
    await expect(
      as(ana).conversations.start({ memberIds: [bea.id], text: "Look", mediaId: hidden }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { id } = await as(ana).conversations.start({ memberIds: [bea.id], text: "Look at this", mediaId: photo });
    const seen = async () => (await as(bea).conversations.messages({ id })).items.at(-1)?.photo;
    expect(await seen()).toMatchObject({ id: photo });
    await api.db.execute(sql`update media set uploader_only = true where id = ${photo}`);
    expect(await seen()).toBeNull();
  });

  it("messages a minute and new conversations an hour are limited, each refusal in words", async () => {
    const throttle = new Throttle();
    const hal = await api.member("hal@club.test", { name: "Hal Hart" });
    const { id } = await api.callerFor(hal, { throttle }).conversations.start({ memberIds: [bea.id], text: "1" });
    for (let i = 2; i <= 30; i++) await api.callerFor(hal, { throttle }).conversations.send({ id, text: String(i) });
    await expect(api.callerFor(hal, { throttle }).conversations.send({ id, text: "31" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "You are writing faster than the club allows (30 messages a minute). Please wait 1 minute(s).",
    });
    const fresh = new Throttle();
    const others = await Promise.all(Array.from({ length: 21 }, (_, i) => api.member(`many${i}@club.test`)));
    for (const other of others.slice(0, 20))
      await api.callerFor(hal, { throttle: fresh }).conversations.start({ memberIds: [other.id], text: "Hi" });
    await expect(
      api.callerFor(hal, { throttle: fresh }).conversations.start({ memberIds: [others[20]!.id], text: "Hi" }),
    ).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringContaining("20 conversations an hour"),
    });
  });
});

describe("a member's deletion and her data export", () => {
  it("her messages stay as a former member's; her conversations leave with her", async () => {
    const ivy = await api.member("ivy@club.test", { name: "Ivy Ito" });
    const { id } = await as(ivy).conversations.start({ memberIds: [bea.id], text: "Goodbye, all" });
    await api.db.delete(users).where(eq(users.id, ivy.id));
    const page = await as(bea).conversations.messages({ id });
    expect(page.items.at(-1)).toMatchObject({ author: null, text: "Goodbye, all" });
    const members = await api.db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, id));
    expect(members.map((m) => m.userId)).toEqual([bea.id]);
    expect((await as(bea).conversations.get({ id })).cannot_write).toBe("Everyone else has left this conversation.");
  });

  it("with DELETED_MEMBER_CONTENT=remove, her messages go with her", async () => {
    const jo = await api.member("jo@club.test", { name: "Jo James" });
    const { id } = await as(bea).conversations.start({ memberIds: [jo.id, cleo.id], text: "Hello both" });
    await as(jo).conversations.send({ id, text: "Hello Bea" });
    await api
      .callerFor(admin, { config: { ...api.contextFor(null).config, deletedMemberContent: "remove" } })
      .users.delete({ userId: jo.id });
    expect((await as(bea).conversations.messages({ id })).items.map((m) => m.text)).toEqual(["Hello both"]);
  });

  it("her data export holds her conversations, their messages until she left, and whom she blocked", async () => {
    const kim = await api.member("kim@club.test", { name: "Kim Kent" });
    const { id } = await as(bea).conversations.start({ memberIds: [kim.id, cleo.id], text: "Before she left" });
    await as(kim).conversations.send({ id, text: "My own words" });
    await as(kim).conversations.leave({ id });
    await as(bea).conversations.send({ id, text: "After she left" });
    await as(kim).conversations.block({ id: cleo.id });
    const member = await exportedMember(api.db, kim.id);
    let text = "";
    for await (const piece of jsonPieces(sections(api.db, member!, new Map()), new Date())) text += piece;
    const data = JSON.parse(text);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0].members).toEqual(["Bea Brown", "Cleo Costa", "Kim Kent"]);
    expect(data.messages.map((m: { text: string; mine: boolean }) => [m.text, m.mine])).toEqual(
      expect.arrayContaining([
        ["Before she left", false],
        ["My own words", true],
      ]),
    );
    expect(data.messages.map((m: { text: string }) => m.text)).not.toContain("After she left");
    expect(data.blockedMembers.map((b: { name: string }) => b.name)).toEqual(["Cleo Costa"]);
  });
});
