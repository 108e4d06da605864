import { createApiToken } from "@club/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "./test/harness";
import { type LiveStream, openLiveStream } from "./test/live-stream";

/**
 * The live streams over HTTP (tRPC subscriptions over server-sent events, as the browser's
 * EventSource opens them): a stream opened with an API token ends as soon as the token is revoked.
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

describe("live streams and her credentials", () => {
  let h: Harness;
  let base: string;
  let adaId: string;
  beforeAll(async () => {
    h = await startApp();
    adaId = (await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" })).id;
    base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => h.close());

  it("ends a stream opened with an API token as soon as the token is revoked", async () => {
    const cookie = await login(h, "ada@club.test");
    const { token, id } = await createApiToken(h.db.db, { userId: adaId, name: "script", scope: "read" });
    const created = await h.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { origin: ORIGIN, cookie },
      payload: { title: "Talk" },
    });
    const event = created.json<{ id: string }>().id;
    const headers = { authorization: `Bearer ${token}` };
    const streams = [
      await bell(base, headers),
      await open(
        base,
        `comments.live?input=${encodeURIComponent(JSON.stringify({ json: { commentableId: event } }))}`,
        headers,
      ),
    ];
    try {
      const revoked = await h.app.inject({
        method: "POST",
        url: "/trpc/apiTokens.revoke",
        headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
        payload: { json: { id } },
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      // Not at the stream's next check of its credentials (25 s later): now.
      for (const s of streams) await until("the stream to end", () => (s.isOver() ? true : undefined), 3000);
    } finally {
      for (const s of streams) s.close();
    }
  });
});
