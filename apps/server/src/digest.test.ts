import { notificationPrefs } from "@club/db";
import { eq } from "@club/db/orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, jobHandlers, login, ORIGIN, request, settle, startApp } from "./test/harness";
import { headerLine, startSmtpSink } from "./test/smtp-sink";

// The notification digest goes out over real SMTP and is read back from the sink: its lines, their
// links, and the unsubscribe headers every bulk mail carries.

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let received: ParsedMail[] = [];
let ana: { id: string; cookie: string };
let bea: { id: string; cookie: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  received = smtp.received;
  h = await startApp({ smtpUrl: smtp.url });
  ana = { id: (await addUser(h, { email: "ana@digest.test", name: "Ana", type: "Founding" })).id, cookie: "" };
  bea = { id: (await addUser(h, { email: "bea@digest.test", name: "Bea" })).id, cookie: "" };
  ana.cookie = await login(h, "ana@digest.test");
  bea.cookie = await login(h, "bea@digest.test");
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

const trpc = async (path: string, input: unknown, cookie: string) => {
  const res = await request(h, "POST", `/trpc/${path}`, { json: input }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data.json;
};
const digests = () => received.filter((m) => /club digest/.test(m.subject ?? ""));
const digestsTo = (to: string) => digests().filter((m) => m.to && "text" in m.to && m.to.text === to);
const job = { id: "digest", attempt: 1, lastAttempt: false, signal: new AbortController().signal };
/** One run of the hourly digest job at `at`: how many digests it mailed. */
const run = async (at = new Date()) => {
  const before = digests().length;
  await jobHandlers(h, { now: () => at })["notifications.digest"]({}, job);
  await settle(h);
  return digests().length - before;
};

describe("the notification digest", () => {
  it("mails her unread notifications of the kinds she keeps in it, once per period, with her unsubscribe link", async () => {
    const event = await trpc("events.create", { title: "Winter salon", event_date: "2027-01-20" }, ana.cookie);
    await trpc(
      "notifications.setPrefs",
      { kinds: [{ kind: "invited", inApp: true, email: false }], digest: "daily" },
      ana.cookie,
    );
    await trpc("comments.create", { commentableId: event.id, content: "Count me in" }, bea.cookie);

    expect(await run()).toBe(1);
    const [mail] = digestsTo("ana@digest.test");
    expect(mail?.subject).toBe("Your daily club digest: 1 new");
    expect(mail?.text).toContain("Bea commented on your event “Winter salon”");
    expect(mail?.html).toContain(`href="${ORIGIN}/events/winter-salon"`);
    expect(headerLine(mail, "list-unsubscribe")).toMatch(new RegExp(`^<${ORIGIN}/unsubscribe/digest-${ana.id}-`));

    // Nothing new, or not yet a day: nothing more.
    expect(await run()).toBe(0);
    await trpc("comments.create", { commentableId: event.id, content: "And my sister" }, bea.cookie);
    expect(await run(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(await run(new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect(digestsTo("ana@digest.test").at(-1)?.text).toContain("(2 comments)");
  });

  it("leaves out what she read, and stops when she unsubscribes from it", async () => {
    const event = await trpc("events.create", { title: "Spring walk", event_date: "2027-04-02" }, ana.cookie);
    await h.db.db.update(notificationPrefs).set({ digestSentAt: null }).where(eq(notificationPrefs.userId, ana.id));
    await trpc("notifications.readAll", undefined, ana.cookie);
    expect(await run()).toBe(0);
    await trpc("comments.create", { commentableId: event.id, content: "Lovely route" }, bea.cookie);
    const before = digestsTo("ana@digest.test").length;
    // Her digest's unsubscribe link (what the footer and List-Unsubscribe lead to) turns it off.
    await h.db.db.update(notificationPrefs).set({ digestSentAt: null }).where(eq(notificationPrefs.userId, ana.id));
    const link = /<([^>]+)>/.exec(headerLine(digestsTo("ana@digest.test")[0], "list-unsubscribe") ?? "")?.[1];
    const path = new URL(link!).pathname;
    const res = await h.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(await run()).toBe(0);
    expect(digestsTo("ana@digest.test").length).toBe(before);
    const prefs = await request(h, "GET", "/trpc/notifications.prefs", undefined, ana.cookie);
    expect(prefs.json().result.data.json).toMatchObject({ digest: "off" });
  });
});

describe("a message unread for 15 minutes", () => {
  const messageMails = () => received.filter((m) => /from Ana$/.test(m.subject ?? ""));
  /** One run of the each-minute job at `at`: how many mails it sent. */
  const mailAt = async (at: Date) => {
    const before = messageMails().length;
    await jobHandlers(h, { now: () => at })["messages.mail"]({}, { ...job, id: "messages" });
    await settle(h);
    return messageMails().length - before;
  };

  it("goes by e-mail once, quoting it, with a link back and her unsubscribe link, 15 minutes on", async () => {
    const { id } = await trpc(
      "conversations.start",
      { memberIds: [bea.id], text: "Dinner at eight? https://example.com" },
      ana.cookie,
    );
    expect(await mailAt(new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(await mailAt(new Date(Date.now() + 16 * 60_000))).toBe(1);
    const mail = messageMails().at(-1);
    expect(mail?.subject).toBe("A message from Ana");
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe("bea@digest.test");
    expect(mail?.text).toContain("Dinner at eight? https://example.com");
    expect(mail?.html).toContain(`href="${ORIGIN}/messages/${id}"`);
    expect(headerLine(mail, "list-unsubscribe")).toMatch(new RegExp(`^<${ORIGIN}/unsubscribe/messages-${bea.id}-`));
    expect(await mailAt(new Date(Date.now() + 30 * 60_000))).toBe(0);
  });
});
