import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache";
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, ENCODINGS } from "./encodings";
import { keepAnswers } from "./keep-answers";

/**
 * The plugin on a bare Fastify: one route whose answer may be kept, and a count of the times its
 * handler (the database, in the app) was asked. Every caller is a visitor.
 */
async function appWith(cache: AnswerCache, onRead?: () => void) {
  let reads = 0;
  let body = "first";
  const app = Fastify({ logger: false });
  // Only `user` and `apiToken` are read (the caller's key); the rest of a session is not needed here.
  app.decorateRequest(
    "auth",
    async () => ({ user: null, apiToken: null }) as unknown as Awaited<ReturnType<FastifyRequest["auth"]>>,
  );
  // As the app has it: compression first, so its onSend hook (a route's) runs after the cache's.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ENCODINGS,
    brotliOptions: BROTLI_OPTIONS,
  });
  await app.register(keepAnswers, { cache, sightOf: async () => ({ sight: [], changesAt: Number.POSITIVE_INFINITY }) });
  app.get("/thing", { config: { keepAnswer: "events.list" } }, async () => {
    reads++;
    onRead?.();
    return { body };
  });
  await app.ready();
  return {
    app,
    reads: () => reads,
    change(next: string) {
      body = next;
    },
    get: (etag?: string, headers: Record<string, string> = {}) =>
      app.inject({ url: "/thing", headers: etag ? { ...headers, "if-none-match": etag } : headers }),
  };
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("keepAnswers", () => {
  it("serves a second identical request from the kept answer: the handler is not asked again, and it counts as a hit", async () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    cache.listening();
    const t = await appWith(cache);
    open = t.app;
    const first = await t.get();
    const second = await t.get();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(t.reads()).toBe(1);
    expect(cache.requests).toEqual({ hit: 1, miss: 1 });
  });

  it("gives a kept answer its ETag, and the ETag gets 304 from the kept answer", async () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    cache.listening();
    const t = await appWith(cache);
    open = t.app;
    const first = await t.get();
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await t.get(String(etag));
    expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, "", etag]);
    expect(t.reads()).toBe(1);
    expect(cache.requests.hit).toBe(1);
  });

  it("gives no ETag to an answer that was not kept, and serves it again from nothing", async () => {
    // Not listening to changes: nothing is kept.
    const deaf = new AnswerCache({ ttlMs: 60_000 });
    const t = await appWith(deaf);
    open = t.app;
    const first = await t.get();
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    t.change("second");
    expect((await t.get()).json()).toEqual({ body: "second" });
    expect(t.reads()).toBe(2);
    expect(deaf.requests).toEqual({ hit: 0, miss: 2 });
  });

  it("gives no ETag to an answer read while a change was told, and does not serve it again", async () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    cache.listening();
    // The change is told while the first answer is being read: it may predate the change.
    let told = false;
    const t = await appWith(cache, () => {
      if (told) return;
      told = true;
      cache.changed("events");
    });
    open = t.app;
    const first = await t.get();
    expect(first.headers.etag).toBeUndefined();
    t.change("second");
    const second = await t.get();
    expect(second.json()).toEqual({ body: "second" });
    expect(second.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(t.reads()).toBe(2);
  });

  it("keeps an answer's compressed bytes: served again to a browser, it is not compressed again", async () => {
    const cache = listening();
    const t = await appWith(cache);
    open = t.app;
    const expected = { body: "a salon on leadership ".repeat(200) };
    t.change(expected.body);
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const first = await t.get(undefined, browser);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(expected);
    // The visitors' key and the URL.
    const kept = cache.get("visitor\n/thing")!;
    expect([...kept.encoded.keys()]).toEqual(["br"]);
    const bytes = kept.encoded.get("br");
    const second = await t.get(undefined, browser);
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.headers.vary).toContain("accept-encoding");
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toEqual(expected);
    // The very bytes kept at the first request.
    expect(kept.encoded.get("br")).toBe(bytes);
    expect(second.rawPayload.equals(bytes!)).toBe(true);
    // Another encoding, and none: each as asked.
    const gzip = await t.get(undefined, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);
    const plain = await t.get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(expected);
    expect(t.reads()).toBe(1);
  });

  it("sends a small kept answer as it is, as the compression would", async () => {
    const cache = listening();
    const t = await appWith(cache);
    open = t.app;
    await t.get(undefined, { "accept-encoding": "br" });
    const again = await t.get(undefined, { "accept-encoding": "br" });
    expect([again.headers["content-encoding"], again.json()]).toEqual([undefined, { body: "first" }]);
    expect(t.reads()).toBe(1);
  });

  it("forgets a kept answer when a table it is made of changes, not when another does", async () => {
    const cache = listening();
    const t = await appWith(cache);
    open = t.app;
    await t.get();
    t.change("second");
    cache.changed("comment_likes");
    expect((await t.get()).json()).toEqual({ body: "first" });
    cache.changed("event_participants");
    expect((await t.get()).json()).toEqual({ body: "second" });
    expect(t.reads()).toBe(2);
  });
});

function listening() {
  const cache = new AnswerCache({ ttlMs: 60_000 });
  cache.listening();
  return cache;
}
