import { randomUUID } from "node:crypto";
import { createSession, type SessionUser, validateSessionToken } from "@club/auth";
import { mailOutbox, media, passwordResetTokens } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { enqueueMail, unsubscribeFooter } from "@club/mail";
import { mailKindLabels } from "@club/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendPasswordResetLink } from "./domain/ways-in/password-reset";
import { type TestApi, testApi } from "./test/api";

let api: TestApi;
let ada: SessionUser;
beforeAll(async () => {
  api = await testApi();
  ada = await api.member("ada@club.test", { type: "Founding" });
});
afterAll(() => api.close());

describe("gallery pages", () => {
  it("lose nothing when items share one upload time down to the microsecond", async () => {
    const at = new Date("2026-05-01T10:00:00.123Z");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await api.mediaRow({ uploadedBy: ada.id, uploadDate: at }));
    // Two more a few microseconds apart: a JavaScript Date cannot tell them apart.
    for (const micros of ["456", "457"]) {
      const id = await api.mediaRow({ uploadedBy: ada.id });
      await api.db
        .update(media)
        .set({ uploadDate: sql`${`2026-05-01T10:00:00.123${micros}Z`}::timestamptz` })
        .where(eq(media.id, id));
      ids.push(id);
    }
    const caller = api.callerFor(ada);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await caller.media.list({ limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(seen.length).toBe(7);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it("refuse a cursor that was not made by the server, with a message", async () => {
    await expect(api.callerFor(ada).media.list({ cursor: "not-a-cursor" })).rejects.toThrow(
      "This page of the gallery is no longer available. Please reload it.",
    );
  });
});

describe("forgot password", () => {
  it("does the same work before answering for a known and an unknown e-mail", async () => {
    const sent: { kind: string; email: string }[] = [];
    const recording = {
      send: async (kind: string, payload: unknown) => {
        sent.push({ kind, email: (payload as { email: string }).email });
        return "job";
      },
      retry: async () => {},
    };
    const caller = api.callerFor(null, { jobs: recording as never });
    const known = await caller.passwordReset.request({ email: "ada@club.test" });
    const unknown = await caller.passwordReset.request({ email: "nobody@club.test" });
    expect(known).toEqual(unknown);
    // Neither answer looked anything up or wrote a token: both only queued the same job.
    expect(sent).toEqual([
      { kind: "password-reset.send", email: "ada@club.test" },
      { kind: "password-reset.send", email: "nobody@club.test" },
    ]);
    expect(await api.db.select().from(passwordResetTokens)).toHaveLength(0);
    expect(await api.db.select().from(mailOutbox)).toHaveLength(0);
    // The job makes the link for the account that exists, and nothing for the other.
    for (const { email } of sent) await sendPasswordResetLink(api.db, api.jobs, "http://club.test", email);
    const mail = await api.db.select().from(mailOutbox);
    expect(mail.map((m) => m.to)).toEqual(["ada@club.test"]);
    expect(await api.db.select().from(passwordResetTokens)).toHaveLength(1);
  });
});

describe("the mail outbox", () => {
  it("lists newest first with a status filter and a search, shows a message with its links, retries a failure", async () => {
    const admin = await api.member("root@club.test", { admin: true });
    const ids = await enqueueMail(api.db, api.jobs, [
      {
        to: "kim@club.test",
        subject: "Your registration",
        html: '<p><a href="https://club.test/register/abc?x=1&amp;y=2">Register</a></p>',
      },
      { to: "lea@club.test", subject: "Reset your password", html: "<p>Hello</p>" },
    ]);
    await api.db
      .update(mailOutbox)
      .set({ status: "failed", lastError: "550 mailbox unavailable" })
      .where(eq(mailOutbox.id, ids[1]!));
    const caller = api.callerFor(admin);
    const all = await caller.mailOutbox.list();
    expect(
      all.items
        .map((m) => m.to)
        .slice(0, 2)
        .sort(),
    ).toEqual(["kim@club.test", "lea@club.test"]);
    const failed = await caller.mailOutbox.list({ status: "failed" });
    expect(failed.items.map((m) => [m.to, m.lastError])).toEqual([["lea@club.test", "550 mailbox unavailable"]]);
    expect((await caller.mailOutbox.list({ search: "REGISTRATION" })).items.map((m) => m.to)).toEqual([
      "kim@club.test",
    ]);
    const one = await caller.mailOutbox.get({ id: ids[0]! });
    expect(one.links).toEqual(["https://club.test/register/abc?x=1&y=2"]);
    expect(one.text).toContain("Register");
    const summary = await caller.mailOutbox.summary();
    expect(summary).toMatchObject({ delivery: "capture", counts: { failed: 1 } });
    await caller.mailOutbox.retry({ id: ids[1]! });
    const [retried] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids[1]!));
    expect(retried).toMatchObject({ status: "pending", attempts: 0 });
    await expect(caller.mailOutbox.retry({ id: ids[1]! })).rejects.toThrow("No failed message with that id.");
  });

  it("pages through more than one page without losing a message", async () => {
    const admin = await api.member("root2@club.test", { admin: true });
    await enqueueMail(
      api.db,
      api.jobs,
      Array.from({ length: 120 }, (_, i) => ({ to: `bulk${i}@club.test`, subject: "Bulk", html: "<p>x</p>" })),
    );
    const caller = api.callerFor(admin);
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await caller.mailOutbox.list({ search: "bulk", ...(cursor ? { cursor } : {}) });
      for (const m of page.items) seen.add(m.id);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.size).toBe(120);
  });
});

describe("gallery tags", () => {
  it("are kept in one form and found by the start of any tag, in any case, with suggestions", async () => {
    const me = await api.member("tagger@club.test", { type: "Founding" });
    const caller = api.callerFor(me);
    const item = (name: string) => api.mediaRow({ name, uploadedBy: me.id });
    const sunset = await item("sunset");
    const salon = await item("salon");
    await caller.media.update({ id: sunset, tags: ["  Summer   Evening ", "Lake"] });
    await caller.media.update({ id: salon, tags: ["SALON", "summer"] });
    expect((await caller.media.get({ id: sunset })).tags).toEqual(["summer evening", "lake"]);
    const found = async (tag: string) => (await caller.media.list({ tag })).items.map((m) => m.name).sort();
    expect(await found("SUM")).toEqual(["salon", "sunset"]);
    expect(await found("summer e")).toEqual(["sunset"]);
    expect(await found("la")).toEqual(["sunset"]);
    expect(await found("%")).toEqual([]);
    // Quotes and backslashes travel inside the array of matching tags as they are.
    await caller.media.update({ id: salon, tags: ['o"neil \\ co', "summer"] });
    expect(await found('o"ne')).toEqual(["salon"]);
    await caller.media.update({ id: salon, tags: ["SALON", "summer"] });
    expect(await caller.media.tags({ prefix: "S" })).toEqual(["salon", "summer", "summer evening"]);
  });

  it("are neither found nor suggested from items in an event she may not see", async () => {
    const host = await api.member("tag-host@club.test", { type: "Founding" });
    const outsider = api.callerFor(await api.member("tag-outsider@club.test"));
    const secret = await api.callerFor(host).events.create({ title: "Tag Secret", exclusivity: "invite-only" });
    await api.mediaRow({ name: "hidden", uploadedBy: host.id, associatedEventId: secret.id, tags: ["zeppelin"] });
    expect(await api.callerFor(host).media.tags({ prefix: "zep" })).toEqual(["zeppelin"]);
    expect(await outsider.media.tags({ prefix: "zep" })).toEqual([]);
    expect((await outsider.media.list({ tag: "zep" })).items).toEqual([]);
    // A tag no item has any more finds nothing and is not suggested.
    await api.mediaRow({ name: "brief", uploadedBy: host.id, tags: ["zebra"] });
    const [brief] = (await api.callerFor(host).media.list({ tag: "zeb" })).items;
    await api.callerFor(host).media.update({ id: brief!.id, tags: ["horse"] });
    expect(await outsider.media.tags({ prefix: "ze" })).toEqual([]);
    expect((await outsider.media.list({ tag: "zeb" })).items).toEqual([]);
  });

  it("suggests the first ten she may see, in order, past those she may not", async () => {
    const host = await api.member("tag-ten@club.test", { type: "Founding" });
    const outsider = api.callerFor(await api.member("tag-ten-outsider@club.test"));
    const secret = await api.callerFor(host).events.create({ title: "Quilts Secret", exclusivity: "invite-only" });
    await api.mediaRow({ name: "hidden quilt", uploadedBy: host.id, associatedEventId: secret.id, tags: ["quilt-00"] });
    const shown = Array.from({ length: 12 }, (_, i) => `quilt-${String(i + 1).padStart(2, "0")}`);
    await api.mediaRow({ name: "quilts", uploadedBy: host.id, tags: shown.toReversed() });
    expect(await outsider.media.tags({ prefix: "quilt" })).toEqual(shown.slice(0, 10));
    expect(await api.callerFor(host).media.tags({ prefix: "QUILT" })).toEqual(["quilt-00", ...shown.slice(0, 9)]);
  });
});

describe("my events", () => {
  it("lists the events she joined, created or was invited to", async () => {
    const me = await api.member("mine@club.test", { type: "Founding" });
    const host = await api.member("host-mine@club.test", { type: "Founding" });
    const mine = api.callerFor(me);
    const theirs = api.callerFor(host);
    const created = await mine.events.create({ title: "Mine Created" });
    const joined = await theirs.events.create({ title: "Mine Joined" });
    await mine.events.join({ id: joined.id });
    const invited = await theirs.events.create({ title: "Mine Invited", exclusivity: "invite-only" });
    await theirs.events.invite({ eventId: invited.id, userIds: [me.id] });
    await theirs.events.create({ title: "Mine Other" });
    const titles = async (filter: "joined" | "created" | "invited") =>
      (await mine.events.list({ mine: filter, search: "Mine " })).items.map((e) => e.title);
    // She is going to the event she hosts, too.
    expect((await titles("joined")).sort()).toEqual(["Mine Created", "Mine Joined"]);
    expect(await titles("created")).toEqual(["Mine Created"]);
    expect(await titles("invited")).toEqual(["Mine Invited"]);
    expect((await mine.events.list({ search: "Mine " })).items.map((e) => e.title).sort()).toEqual([
      "Mine Created",
      "Mine Invited",
      "Mine Joined",
      "Mine Other",
    ]);
    expect(created.title).toBe("Mine Created");
  });
});

describe("a database failing half-way through a comment look-up", () => {
  it("reads as unavailable (503), not as a comment that does not exist", async () => {
    const event = await api.callerFor(ada).events.create({ title: "Outage" });
    const comment = await api.callerFor(ada).comments.create({ content: "hello", commentableId: event.id });
    // The comment is found, then the connection drops before its event is checked.
    let selects = 0;
    const failing = new Proxy(api.db, {
      get(target, property, receiver) {
        if (property === "select" && ++selects > 1)
          return () => {
            throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
          };
        return Reflect.get(target, property, receiver);
      },
    });
    const caller = api.callerFor(ada, { db: failing });
    await expect(caller.comments.like({ id: comment.id })).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(selects).toBeGreaterThan(1);
  });
});

describe("the gallery's tag search", () => {
  it("finds tags holding quotes, backslashes, commas and braces, on every driver", async () => {
    const odd = ['say "cheese"', "back\\slash", "a,b}{c", "null"];
    const ids = await Promise.all(odd.map((tag) => api.mediaRow({ uploadedBy: ada.id, tags: [tag] })));
    const caller = api.callerFor(ada);
    for (const [i, tag] of odd.entries()) {
      const page = await caller.media.list({ tag: tag.slice(0, 4) });
      expect(
        page.items.map((m) => m.id),
        tag,
      ).toContain(ids[i]);
    }
  });
});

describe("the mail composer's preview", () => {
  it("is the message exactly as the group mail sends it, sanitised by the server", async () => {
    const root = await api.member("root-preview@club.test", { admin: true });
    const draft = {
      subject: "Spring Salon",
      body: '<p onclick="steal()">Dear members, <a href="https://club.test/e">see</a><script>alert(1)</script></p><iframe src="x"></iframe>',
    };
    const preview = await api.callerFor(ada).mail.preview(draft);
    expect(preview.html).not.toMatch(/script|onclick|iframe|alert/);
    expect(preview.html).toContain('<a href="https://club.test/e" rel="noopener noreferrer">see</a>');
    expect(preview.text).toContain("see (https://club.test/e)");

    await api.callerFor(root).adminMail.send({ ...draft, recipientGroup: "selected", selectedMemberIds: [ada.id] });
    const [sent] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Spring Salon"));
    // The preview carries the footer with the reader's own unsubscribe link: sent to her, the
    // message is the preview to the byte.
    const url = sent?.headers["List-Unsubscribe"]?.slice(1, -1) ?? "";
    expect(url).toMatch(/^http:\/\/club\.test\/unsubscribe\//);
    expect(preview.html).toContain(unsubscribeFooter({ url, what: mailKindLabels.group.what }));
    expect(sent?.html).toBe(preview.html);
    expect(sent?.text).toBe(preview.text);
  });
});

describe("a chosen invitation code", () => {
  it("is refused when it exists already, in any letter case, and the first one keeps working", async () => {
    const root = await api.member("root-codes@club.test", { admin: true });
    const caller = api.callerFor(root);
    await caller.invitationCodes.create({ code: "SPRING-SALON-2026" });
    await expect(caller.invitationCodes.create({ code: "spring-salon-2026" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "That invitation code exists already.",
    });
    expect(await api.callerFor(null).invitationCodes.validate({ code: "SPRING-SALON-2026" })).toEqual({
      valid: true,
      error: null,
    });
  });
});

describe("the calendar feed's choice of events", () => {
  it("asks for a link first when she has none, and is kept when she has one", async () => {
    const caller = api.callerFor(await api.member("feedless@club.test"));
    expect(await caller.calendarFeed.update({ includeOpen: true })).toEqual({
      message: "Make a calendar link first.",
      includeOpen: false,
    });
    await caller.calendarFeed.reset({ includeOpen: false });
    expect(await caller.calendarFeed.update({ includeOpen: true })).toEqual({
      message: "Your calendar feed is updated.",
      includeOpen: true,
    });
    expect(await caller.calendarFeed.get()).toMatchObject({ active: true, includeOpen: true });
  });
});

describe("an admin's change to a member", () => {
  it("renames without ending her sessions; a new type or admin right ends them", async () => {
    const root = await api.member("root-members@club.test", { admin: true });
    const kim = await api.member("kim-change@club.test", { name: "Kim" });
    const caller = api.callerFor(root);
    const { token } = await createSession(api.db, kim.id);

    const renamed = await caller.users.update({ userId: kim.id, name: "Kim Lee" });
    expect(renamed).toMatchObject({ name: "Kim Lee", type: "Standard", admin: false });
    expect(await validateSessionToken(api.db, token)).not.toBeNull();

    const promoted = await caller.users.update({ userId: kim.id, type: "Founding", admin: true });
    expect(promoted).toMatchObject({ name: "Kim Lee", type: "Founding", admin: true });
    expect(await validateSessionToken(api.db, token)).toBeNull();

    expect(await caller.users.update({ userId: kim.id })).toMatchObject({ name: "Kim Lee", admin: true });
    await expect(caller.users.update({ userId: randomUUID(), name: "Nobody" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
