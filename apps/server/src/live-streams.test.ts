import { randomUUID } from "node:crypto";
import { createApiToken } from "@club/auth";
import { media, notifications } from "@club/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "./test/harness";
import { type LiveStream, openLiveStream } from "./test/live-stream";

/**
 * The live streams' limits over HTTP (tRPC subscriptions over server-sent events, as the browser's
 * EventSource opens them): a few per session, the oldest closed for a new one; a limit for the
 * whole server, past which a stream is refused in words; and a stream opened with an API token
 * ends as soon as the token is revoked.
 */

/** Resolves with `value()` once it is defined, or fails after `ms`. */
async function until<T>(what: string, value: () => T | undefined, ms = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = value();
    if (found !== undefined) return found;
    if (Date.now() - started > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A stream, and whether the server has ended it yet. */
interface Watched extends LiveStream {
  isOver(): boolean;
}

async function open(base: string, path: string, headers: Record<string, string>): Promise<Watched> {
  const stream = await openLiveStream(`${base}/trpc/${path}`, { origin: ORIGIN, ...headers });
  let over = false;
  void stream.ended.then(() => {
    over = true;
  });
  // The first event (the count, or "comments changed") says the stream is open on the server.
  await until(`the first event of ${path}`, () => stream.events[0]);
  return Object.assign(stream, { isOver: () => over });
}

const bell = (base: string, headers: Record<string, string>) => open(base, "notifications.live", headers);
const comments = (base: string, itemId: string, headers: Record<string, string>) =>
  open(base, `comments.live?input=${encodeURIComponent(JSON.stringify({ json: { commentableId: itemId } }))}`, headers);

async function createEvent(h: Harness, cookie: string, title: string): Promise<string> {
  const created = await h.app.inject({
    method: "POST",
    url: "/api/events",
    headers: { origin: ORIGIN, cookie },
    payload: { title },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ id: string }>().id;
}

/** A new unread notification for her: her bells are woken and tell the new count. */
async function notify(h: Harness, userId: string) {
  await h.db.db.insert(notifications).values({ userId, kind: "comment", subjectId: randomUUID() });
}

describe("live streams of one member", () => {
  let h: Harness;
  let base: string;
  let adaId: string;
  beforeAll(async () => {
    h = await startApp();
    adaId = (await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" })).id;
    base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => h.close());

  it("keeps five of a kind per session: a sixth closes the session's oldest, and the rest still hear her news", async () => {
    const laptop = await login(h, "ada@club.test");
    const phone = await login(h, "ada@club.test");
    const event = await createEvent(h, laptop, "Salon");
    const streams: Watched[] = [];
    try {
      // Opened before the laptop's bells: the oldest of all, but the phone's session, and a page's
      // comments on the laptop, which are counted apart from its bells.
      const phoneBell = await bell(base, { cookie: phone });
      streams.push(phoneBell);
      const page = await comments(base, event, { cookie: laptop });
      streams.push(page);
      const bells: Watched[] = [];
      for (let i = 0; i < 6; i++) {
        const tab = await bell(base, { cookie: laptop });
        streams.push(tab);
        bells.push(tab);
      }
      const [oldest, ...rest] = bells;
      // The sixth tab's bell closed the first tab's: ended by the server, at once.
      await until("the oldest bell to end", () => (oldest?.isOver() ? true : undefined), 10_000);
      // With tRPC's "return": the tab's client stops there, and its page opens it again once shown
      // (apps/web's useReopenLive), instead of its EventSource reconnecting by itself a few seconds
      // later and ending the next oldest, tab after tab.
      expect(oldest?.returned()).toBe(true);
      await notify(h, adaId);
      for (const tab of [phoneBell, ...rest]) {
        const next = await until("the new count", () => tab.events[1]);
        expect(next.data).toMatchObject({ unread: 1 });
      }
      expect([phoneBell, page, ...rest].map((s) => s.isOver())).toEqual(Array(7).fill(false));
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("wakes an open photo's page when someone likes it, so its count follows", async () => {
    const cleo = await addUser(h, { email: "cleo-live@club.test", name: "Cleo" });
    const prefix = `media/${randomUUID()}`;
    const [photo] = await h.db.db
      .insert(media)
      .values({
        objectPrefix: prefix,
        storageKey: `${prefix}/display.webp`,
        mediaType: "image",
        contentType: "image/webp",
        sizeBytes: 1,
        uploadedBy: adaId,
      })
      .returning({ id: media.id });
    const page = await comments(base, photo?.id ?? "", { cookie: await login(h, "ada@club.test") });
    try {
      const liked = await h.app.inject({
        method: "POST",
        url: "/trpc/media.like",
        headers: { origin: ORIGIN, cookie: await login(h, cleo.email), "content-type": "application/json" },
        payload: { json: { id: photo?.id } },
      });
      expect(liked.statusCode, liked.body).toBe(200);
      await until("the like's news", () => page.events[1]);
    } finally {
      page.close();
    }
  });

  it("tells her of a message written to her, and of her reading it, on the same stream as the bell", async () => {
    const bea = await addUser(h, { email: "bea-live@club.test", name: "Bea", type: "Founding" });
    const adaCookie = await login(h, "ada@club.test");
    const beaCookie = await login(h, "bea-live@club.test");
    const tab = await bell(base, { cookie: beaCookie });
    try {
      const first = tab.events[0]?.data as { messages: { unread: number } };
      expect(first.messages.unread).toBe(0);
      const started = await h.app.inject({
        method: "POST",
        url: "/trpc/conversations.start",
        headers: { origin: ORIGIN, cookie: adaCookie, "content-type": "application/json" },
        payload: { json: { memberIds: [bea.id], text: "Are you coming tonight?" } },
      });
      expect(started.statusCode, started.body).toBe(200);
      const arrived = await until("the message's news", () => tab.events[1]);
      expect(arrived.data).toMatchObject({ messages: { unread: 1 } });
      const id = started.json<{ result: { data: { json: { id: string } } } }>().result.data.json.id;
      const read = await h.app.inject({
        method: "POST",
        url: "/trpc/conversations.read",
        headers: { origin: ORIGIN, cookie: beaCookie, "content-type": "application/json" },
        payload: { json: { id } },
      });
      expect(read.statusCode, read.body).toBe(200);
      const readNews = await until("her reading's news", () => tab.events[2]);
      expect(readNews.data).toMatchObject({ messages: { unread: 0 } });
    } finally {
      tab.close();
    }
  });

  it("ends a stream opened with an API token as soon as the token is revoked", async () => {
    const cookie = await login(h, "ada@club.test");
    const { token, id } = await createApiToken(h.db.db, { userId: adaId, name: "script", scope: "read" });
    const event = await createEvent(h, cookie, "Talk");
    const headers = { authorization: `Bearer ${token}` };
    const streams = [await bell(base, headers), await comments(base, event, headers)];
    try {
      const revoked = await h.app.inject({
        method: "POST",
        url: "/trpc/apiTokens.revoke",
        headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
        payload: { json: { id } },
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      // Not at the stream's next check of its credentials (25 s later): now.
      for (const s of streams) await until("the stream to end", () => (s.isOver() ? true : undefined), 10_000);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe("live streams of one server", () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startApp({}, undefined, { liveStreamsPerServer: 2 });
    await addUser(h, { email: "ada@club.test", name: "Ada" });
    await addUser(h, { email: "bea@club.test", name: "Bea" });
    base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => h.close());

  it("refuses one past the server's limit with 503, Retry-After and words, and takes one again once another ends", async () => {
    const ada = await login(h, "ada@club.test");
    const bea = await login(h, "bea@club.test");
    const first = await bell(base, { cookie: ada });
    const second = await bell(base, { cookie: bea });
    try {
      const refused = await fetch(`${base}/trpc/notifications.live`, {
        headers: { accept: "text/event-stream", cookie: bea },
      });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const problem = (await refused.json()) as { message: string; code: string };
      expect(problem.code).toBe("SERVICE_UNAVAILABLE");
      expect(problem.message).toMatch(/live updates/i);
      // Ended by its browser: its place is free again.
      first.close();
      const started = Date.now();
      let status = 0;
      while (status !== 200 && Date.now() - started < 10_000) {
        const res = await fetch(`${base}/trpc/notifications.live`, {
          headers: { accept: "text/event-stream", cookie: ada },
        });
        status = res.status;
        await res.body?.cancel();
      }
      expect(status).toBe(200);
    } finally {
      first.close();
      second.close();
    }
  });
});
