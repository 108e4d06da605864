import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

let h: Harness;
/** Sessions: Ann writes to Bea; Cat is in none of theirs; Dot writes fast; Root is an admin. */
let ann: string;
let bea: string;
let cat: string;
let dot: string;
let root: string;
let ids: { ann: string; bea: string; cat: string; dot: string };

beforeAll(async () => {
  h = await startApp();
  const a = await addUser(h, { email: "ann@club.test", name: "Ann Abbot" });
  const b = await addUser(h, { email: "bea@club.test", name: "Bea Burns" });
  const c = await addUser(h, { email: "cat@club.test", name: "Cat Cole" });
  const d = await addUser(h, { email: "dot@club.test", name: "Dot Dunn" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  ids = { ann: a.id, bea: b.id, cat: c.id, dot: d.id };
  ann = await login(h, "ann@club.test");
  bea = await login(h, "bea@club.test");
  cat = await login(h, "cat@club.test");
  dot = await login(h, "dot@club.test");
  root = await login(h, "root@club.test");
});
afterAll(() => h.close());

type Method = Parameters<typeof request>[1];
const send = (cookie: string | undefined, method: Method, url: string, body?: unknown) =>
  request(h, method, url, body ?? (method === "GET" || method === "DELETE" ? undefined : {}), cookie);

/** A refusal: its status and its words, as problem details carry them. */
async function refusal(cookie: string | undefined, method: Method, url: string, body?: unknown) {
  const res = await send(cookie, method, url, body);
  expect(res.headers["content-type"], `${method} ${url}`).toMatch(/^application\/problem\+json/);
  const problem = res.json() as { status: number; detail: string; message: string };
  expect(problem.status).toBe(res.statusCode);
  expect(problem.message).toBe(problem.detail);
  return { status: res.statusCode, message: problem.message };
}

async function ok<T = Record<string, unknown>>(cookie: string, method: Method, url: string, body?: unknown) {
  const res = await send(cookie, method, url, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

type Page = {
  items: { id: string; text: string; mine: boolean; author: { name: string } | null }[];
  older: string | null;
};
type List = {
  items: { id: string; unread: number; members: { name: string }[] }[];
  next: string | null;
  unread: number;
};

let conversation: string;
/** Ann's first message to Bea. */
let annsMessage: string;

describe("a conversation between two members", () => {
  it("Ann writes to Bea; Bea sees it unread, reads the page, answers and marks it read", async () => {
    const started = await ok<{ id: string; message: string }>(ann, "POST", "/api/conversations", {
      memberIds: [ids.bea],
      text: "Hello Bea, shall we meet in Lisbon?",
    });
    expect(started).toEqual({ id: expect.any(String), message: "Your message is sent." });
    conversation = started.id;

    const list = await ok<List>(bea, "GET", "/api/conversations");
    expect(list.unread).toBe(1);
    expect(list.items.map((i) => [i.id, i.unread, i.members.map((m) => m.name)])).toEqual([
      [conversation, 1, ["Ann Abbot"]],
    ]);
    expect(await ok(bea, "GET", "/api/conversations/unread")).toEqual({ unread: 1 });
    expect(await ok(bea, "GET", `/api/conversations/${conversation}`)).toMatchObject({
      id: conversation,
      members: [{ id: ids.ann, name: "Ann Abbot" }],
      muted: false,
      cannot_write: null,
    });

    const page = await ok<Page>(bea, "GET", `/api/conversations/${conversation}/messages`);
    expect(page.older).toBeNull();
    expect(page.items.map((m) => [m.text, m.mine, m.author?.name])).toEqual([
      ["Hello Bea, shall we meet in Lisbon?", false, "Ann Abbot"],
    ]);
    annsMessage = page.items[0]!.id;

    // Reading the page does not mark it read; answering does (her own message counts as read).
    expect(await ok(bea, "GET", "/api/conversations/unread")).toEqual({ unread: 1 });
    const answer = await ok(bea, "POST", `/api/conversations/${conversation}/messages`, { text: "  Yes, in May!  " });
    expect(answer).toMatchObject({ conversation_id: conversation, text: "Yes, in May!", mine: true, photo: null });
    expect(await ok(bea, "GET", "/api/conversations/unread")).toEqual({ unread: 0 });
    expect(await ok(ann, "GET", "/api/conversations/unread")).toEqual({ unread: 1 });
    expect(await ok(ann, "POST", `/api/conversations/${conversation}/read`)).toEqual({ unread: 0 });
    expect((await ok<List>(ann, "GET", "/api/conversations")).items[0]?.unread).toBe(0);

    // Writing to Bea again continues the same conversation.
    const again = await ok<{ id: string; message: string }>(ann, "POST", "/api/conversations", {
      memberIds: [ids.bea],
      text: "Great.",
    });
    expect(again).toEqual({ id: conversation, message: "Your message is sent, in your conversation with her." });
    expect(await ok(bea, "GET", "/api/conversations/unread")).toEqual({ unread: 1 });
    expect(await ok(bea, "POST", `/api/conversations/${conversation}/read`)).toEqual({ unread: 0 });
    expect((await ok<List>(bea, "GET", "/api/conversations")).items[0]?.unread).toBe(0);
  });

  it("pages by `limit`, newest page first, oldest first within it", async () => {
    const page = await ok<Page>(ann, "GET", `/api/conversations/${conversation}/messages?limit=2`);
    expect(page.items.map((m) => m.text)).toEqual(["Yes, in May!", "Great."]);
    expect(page.older).toEqual(expect.any(String));
    const list = await ok<List>(ann, "GET", "/api/conversations?limit=1");
    expect(list.items).toHaveLength(1);
    expect(list.next).toBeNull();
    const refused = await refusal(ann, "GET", `/api/conversations/${conversation}/messages?limit=lots`);
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/number/);
    expect((await refusal(ann, "GET", "/api/conversations?limit=0")).status).toBe(400);
    expect((await refusal(ann, "GET", "/api/conversations?before=not-a-page")).status).toBe(400);
  });

  it("pages back with the page's `older` as `before`", async () => {
    const page = await ok<Page>(ann, "GET", `/api/conversations/${conversation}/messages?limit=2`);
    const older = await ok<Page>(
      ann,
      "GET",
      `/api/conversations/${conversation}/messages?limit=2&before=${encodeURIComponent(page.older ?? "")}`,
    );
    expect(older.items.map((m) => m.text)).toEqual(["Hello Bea, shall we meet in Lisbon?"]);
    expect(older.older).toBeNull();
    expect(await refusal(ann, "GET", `/api/conversations/${conversation}/messages?before=not-a-page`)).toEqual({
      status: 400,
      message: "This page of the conversation is no longer available. Please reload it.",
    });
  });

  it("does not exist for a member who is not in it, nor for an admin; a visitor is asked to sign in", async () => {
    const url = `/api/conversations/${conversation}`;
    for (const [method, path, body] of [
      ["GET", url, undefined],
      ["GET", `${url}/messages`, undefined],
      ["POST", `${url}/messages`, { text: "Let me in" }],
      ["POST", `${url}/read`, undefined],
      ["POST", `${url}/mute`, { muted: true }],
      ["POST", `${url}/leave`, undefined],
    ] as const) {
      expect(await refusal(cat, method, path, body), `${method} ${path}`).toEqual({
        status: 404,
        message: "Conversation not found.",
      });
    }
    expect(await refusal(cat, "POST", `/api/messages/${annsMessage}/report`, { reason: "Nosy" })).toEqual({
      status: 404,
      message: "Message not found.",
    });
    expect((await refusal(root, "GET", url)).status).toBe(404);
    expect((await refusal(undefined, "GET", "/api/conversations")).status).toBe(401);
    expect((await refusal(undefined, "GET", url)).status).toBe(401);
    expect((await refusal(undefined, "POST", "/api/conversations", { memberIds: [ids.bea], text: "Hi" })).status).toBe(
      401,
    );
    // Cat's own list is empty, and Ann and Bea still have theirs.
    expect(await ok(cat, "GET", "/api/conversations")).toEqual({ items: [], next: null, unread: 0 });
    expect((await ok<Page>(bea, "GET", `${url}/messages`)).items).toHaveLength(3);
  });
});

describe("blocking", () => {
  it("Bea blocks Ann: Ann can no longer write to her, until Bea unblocks her", async () => {
    expect(await ok(bea, "POST", `/api/members/${ids.ann}/block`)).toEqual({
      blocked: true,
      message: "Ann Abbot is blocked: she cannot write to you.",
    });
    // Twice changes nothing.
    expect(await ok(bea, "POST", `/api/members/${ids.ann}/block`)).toMatchObject({ blocked: true });
    expect(await ok(bea, "GET", "/api/members/blocked")).toEqual([
      expect.objectContaining({ id: ids.ann, name: "Ann Abbot" }),
    ]);
    expect(await ok(ann, "GET", "/api/members/blocked")).toEqual([]);

    expect(await refusal(ann, "POST", `/api/conversations/${conversation}/messages`, { text: "Hello?" })).toEqual({
      status: 403,
      message: "You cannot write to this member.",
    });
    expect(await refusal(ann, "POST", "/api/conversations", { memberIds: [ids.bea], text: "Hello?" })).toEqual({
      status: 403,
      message: "You cannot write to this member.",
    });
    expect((await ok(ann, "GET", `/api/conversations/${conversation}`)).cannot_write).toBe(
      "You cannot write to this member.",
    );
    // Nor does Bea write to the member she blocked.
    expect(await refusal(bea, "POST", `/api/conversations/${conversation}/messages`, { text: "Go away" })).toEqual({
      status: 403,
      message: "You blocked Ann Abbot: unblock her on her profile to write to her.",
    });

    expect(await ok(bea, "DELETE", `/api/members/${ids.ann}/block`)).toEqual({
      blocked: false,
      message: "Ann Abbot is no longer blocked.",
    });
    expect(await ok(bea, "GET", "/api/members/blocked")).toEqual([]);
    expect(await ok(ann, "POST", `/api/conversations/${conversation}/messages`, { text: "Hello again" })).toMatchObject(
      {
        text: "Hello again",
      },
    );
  });

  it("refuses blocking herself, and a member who is not there", async () => {
    expect(await refusal(bea, "POST", `/api/members/${ids.bea}/block`)).toEqual({
      status: 400,
      message: "You cannot block yourself.",
    });
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect(await refusal(bea, "POST", `/api/members/${nobody}/block`)).toEqual({
      status: 404,
      message: "Member not found.",
    });
    expect(await refusal(bea, "DELETE", "/api/members/not-an-id/block")).toEqual({
      status: 400,
      message: "Member not found.",
    });
    expect((await refusal(undefined, "GET", "/api/members/blocked")).status).toBe(401);
  });
});

describe("reports", () => {
  it("Bea reports Ann's message; the admins see it at their URL and close it; members may not", async () => {
    expect(await refusal(bea, "POST", `/api/messages/${annsMessage}/report`, { reason: "no" })).toEqual({
      status: 400,
      message: "Say why you report this message.",
    });
    expect(await ok(bea, "POST", `/api/messages/${annsMessage}/report`, { reason: "She keeps asking" })).toEqual({
      ok: true,
      message: "Thank you: the message is reported to the club's administrators.",
    });
    expect(await refusal(ann, "POST", `/api/messages/${annsMessage}/report`, { reason: "My own words" })).toEqual({
      status: 400,
      message: "You cannot report your own message.",
    });

    const reports = await ok<{ id: string; reason: string; reporter_name: string; message: { id: string } }[]>(
      root,
      "GET",
      "/api/admin/message-reports",
    );
    expect(reports.map((r) => [r.reason, r.reporter_name, r.message.id])).toEqual([
      ["She keeps asking", "Bea Burns", annsMessage],
    ]);
    for (const who of [ann, bea]) {
      expect((await refusal(who, "GET", "/api/admin/message-reports")).status).toBe(403);
      expect((await refusal(who, "POST", `/api/admin/message-reports/${reports[0]!.id}/close`)).status).toBe(403);
    }
    expect((await refusal(undefined, "GET", "/api/admin/message-reports")).status).toBe(401);

    expect(await ok(root, "POST", `/api/admin/message-reports/${reports[0]!.id}/close`)).toEqual({
      ok: true,
      message: "The report is closed.",
    });
    expect(await ok(root, "GET", "/api/admin/message-reports")).toEqual([]);
    expect(await refusal(root, "POST", `/api/admin/message-reports/${reports[0]!.id}/close`)).toEqual({
      status: 404,
      message: "Report not found.",
    });
  });
});

describe("mute and leave", () => {
  it("a muted conversation is not counted; one she left is gone from her list and her URLs", async () => {
    const { id } = await ok<{ id: string }>(cat, "POST", "/api/conversations", {
      memberIds: [ids.ann, ids.bea],
      text: "Hello both",
    });
    expect(await ok(ann, "GET", "/api/conversations/unread")).toEqual({ unread: 1 });
    expect(await ok(ann, "POST", `/api/conversations/${id}/mute`, { muted: true })).toEqual({
      ok: true,
      message: "The conversation is muted: no e-mail, and not counted.",
    });
    expect(await ok(ann, "GET", "/api/conversations/unread")).toEqual({ unread: 0 });
    expect((await ok(ann, "GET", `/api/conversations/${id}`)).muted).toBe(true);
    expect((await refusal(ann, "POST", `/api/conversations/${id}/mute`, { muted: "yes" })).status).toBe(400);
    expect((await ok(ann, "POST", `/api/conversations/${id}/mute`, { muted: false })).message).toBe(
      "The conversation is no longer muted.",
    );

    expect(await ok(bea, "POST", `/api/conversations/${id}/leave`)).toEqual({
      ok: true,
      message: "You left the conversation.",
    });
    expect((await ok<List>(bea, "GET", "/api/conversations")).items.map((i) => i.id)).not.toContain(id);
    expect((await refusal(bea, "GET", `/api/conversations/${id}/messages`)).status).toBe(404);
    expect((await refusal(bea, "POST", `/api/conversations/${id}/messages`, { text: "Back" })).status).toBe(404);
  });
});

describe("bad input", () => {
  it("is a 400 that says what is wrong", async () => {
    const url = `/api/conversations/${conversation}/messages`;
    expect(await refusal(ann, "POST", url, { text: "   " })).toEqual({ status: 400, message: "Write a message." });
    expect(await refusal(ann, "POST", url, {})).toEqual({ status: 400, message: "Write a message." });
    expect(await refusal(ann, "POST", url, { text: "x".repeat(4001) })).toEqual({
      status: 400,
      message: "A message can be at most 4,000 characters.",
    });
    expect(await refusal(ann, "POST", url, { text: "A photo", mediaId: "nope" })).toEqual({
      status: 400,
      message: "Photo not found.",
    });
    expect(await refusal(ann, "POST", "/api/conversations", { memberIds: [], text: "Hi" })).toEqual({
      status: 400,
      message: "Choose who to write to.",
    });
    const ten = Array.from({ length: 10 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    expect(await refusal(ann, "POST", "/api/conversations", { memberIds: ten, text: "Hi all" })).toEqual({
      status: 400,
      message: "A conversation has at most 10 members, you included.",
    });
    expect(await refusal(ann, "POST", "/api/conversations", { memberIds: [ids.ann], text: "Me" })).toEqual({
      status: 400,
      message: "Choose someone other than yourself to write to.",
    });
    expect(await refusal(ann, "POST", "/api/conversations", { memberIds: ["bea"], text: "Hi" })).toEqual({
      status: 400,
      message: "Member not found.",
    });
    // A malformed id is refused by the input's check, in the same words as an id of nothing.
    expect(await refusal(ann, "GET", "/api/conversations/not-an-id")).toEqual({
      status: 400,
      message: "Conversation not found.",
    });
    expect(await refusal(ann, "GET", "/api/conversations/00000000-0000-4000-8000-000000000000")).toEqual({
      status: 404,
      message: "Conversation not found.",
    });
    expect(await refusal(ann, "POST", "/api/messages/not-an-id/report", { reason: "Rude words" })).toEqual({
      status: 400,
      message: "Message not found.",
    });
    expect(await refusal(root, "POST", "/api/admin/message-reports/not-an-id/close")).toEqual({
      status: 400,
      message: "Report not found.",
    });
  });
});

describe("the writing limit", () => {
  it("answers 429, with its message and Retry-After, past 30 messages a minute", async () => {
    const { id } = await ok<{ id: string }>(dot, "POST", "/api/conversations", {
      memberIds: [ids.cat],
      text: "Message 1",
    });
    for (let i = 2; i <= 30; i++) await ok(dot, "POST", `/api/conversations/${id}/messages`, { text: `Message ${i}` });
    const res = await send(dot, "POST", `/api/conversations/${id}/messages`, { text: "Message 31" });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      status: 429,
      code: "TOO_MANY_REQUESTS",
      message: "You are writing faster than the club allows (30 messages a minute). Please wait 1 minute(s).",
    });
    // Starting another conversation counts the same messages.
    expect((await refusal(dot, "POST", "/api/conversations", { memberIds: [ids.bea], text: "Hello Bea" })).status).toBe(
      429,
    );
    // The 31st was not written.
    expect((await ok<Page>(cat, "GET", `/api/conversations/${id}/messages`)).items).toHaveLength(30);
  });
});
