import { KEPT_ANSWERS, type KeptProcedure } from "@club/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AnswerCache, KeptAnswer } from "./answer-cache";
import { COMPRESS_THRESHOLD, chosenEncoding, encode } from "./encodings";
import { viewerKey } from "./viewer-key";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A GET whose 200 answer may be kept a few seconds and served again: the procedure it answers with. */
    keepAnswer?: KeptProcedure;
  }
  interface FastifyRequest {
    /** Where this request's answer goes once it is made, and the cache's mark when it began. */
    keptAnswer?: {
      key: string;
      viewer: string;
      mark: number;
      tables: readonly string[];
      done: (kept: KeptAnswer | undefined) => void;
    };
  }
}

/** tRPC's streamed batches answer another shape to the same URL: those are not kept. */
const TRPC_STREAM_HEADER = "trpc-accept";

const isKept = (name: string): name is KeptProcedure => Object.hasOwn(KEPT_ANSWERS, name);

/** The tables a request's answer is made of, when it may be kept (a tRPC batch: every procedure's). */
function keptTables(request: FastifyRequest): readonly string[] | undefined {
  if (request.method !== "GET") return undefined;
  const { keepAnswer } = request.routeOptions.config;
  if (keepAnswer) return KEPT_ANSWERS[keepAnswer];
  if (request.routeOptions.url !== "/trpc/:path" || request.headers[TRPC_STREAM_HEADER] !== undefined) return undefined;
  // A batch is kept only if every procedure in it is.
  const names = (request.params as { path?: string }).path?.split(",") ?? [];
  const [only, ...more] = names;
  if (only === undefined || !names.every(isKept)) return undefined;
  return more.length === 0
    ? KEPT_ANSWERS[only as KeptProcedure]
    : [...new Set(names.flatMap((name) => KEPT_ANSWERS[name]))];
}

/** `If-None-Match` names this ETag (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim() === etag);
}

/** The headers every answer that may be kept goes out with, fresh or kept; the ETag only if kept. */
function answerHeaders(reply: FastifyReply, etag: string | undefined): void {
  // The browser keeps it for this member only and asks again every time (If-None-Match → 304).
  reply.header("cache-control", "private, no-cache");
  reply.header("vary", "cookie, authorization, trpc-accept, accept-encoding");
  if (etag) reply.header("etag", etag);
}

/**
 * Keeps the JSON answers of the routes that ask for it (`config: keptAnswerOf(procedure)`) and of
 * KEPT_ANSWERS' procedures, by the caller and the URL (the procedure or route and its whole input), and
 * serves them again while nothing they are made of changed; `If-None-Match` with the answer's ETag
 * gets 304 and no body.
 *
 * The key holds everything the access decisions depend on: the member's id, type, admin right and
 * temporary-password state, and an API token's scope (visitors share one key). Her session is still
 * checked first at every request (a signed-out cookie gets no kept answer: it is no caller), and a
 * change of her rights changes the key and is also told as a change of `users`. So the access
 * module's checks, which read only those and the tables whose changes are told, decide as they
 * would have when the answer was made.
 */
export const keepAnswers = fp<{ cache: AnswerCache }>(async (app: FastifyInstance, { cache }) => {
  // The answers being made now, by key. When a kept answer expires, the 32 requests that asked for
  // it at once would each make it again (a list of 200 events, 32 times over): the first makes it
  // and the others wait for hers.
  const making = new Map<string, Promise<KeptAnswer | undefined>>();

  app.addHook("preHandler", async (request, reply) => {
    const tables = keptTables(request);
    if (!tables) return;
    let auth: Awaited<ReturnType<FastifyRequest["auth"]>>;
    try {
      auth = await request.auth();
    } catch {
      // The database is away: the route's own handler answers (503), nothing is kept.
      return;
    }
    const viewer = viewerKey(auth);
    const key = `${viewer}\n${request.url}`;
    const kept = cache.get(key) ?? (await making.get(key));
    cache.requests[kept ? "hit" : "miss"]++;
    if (kept) return serve(request, reply, kept);
    // Not kept, or hers was not kept (a change was told meanwhile): this request makes its own.
    let done: (kept: KeptAnswer | undefined) => void = () => {};
    const made = new Promise<KeptAnswer | undefined>((resolve) => {
      done = resolve;
    });
    if (!making.has(key)) {
      making.set(key, made);
      void made.then(() => {
        if (making.get(key) === made) making.delete(key);
      });
    }
    request.keptAnswer = { key, viewer, mark: cache.mark(), tables, done };
  });

  // Whatever became of the answer (an error, a closed connection), those waiting for it go on.
  app.addHook("onResponse", async (request) => request.keptAnswer?.done(undefined));
  app.addHook("onRequestAbort", async (request) => request.keptAnswer?.done(undefined));

  // Before the compression (it is a route's onSend hook): the body kept is the JSON itself.
  app.addHook("onSend", async (request, reply, payload) => {
    const pending = request.keptAnswer;
    if (!pending) return payload;
    // Waiters on an answer that is not kept (an error) make their own.
    if (!isOk(payload, reply.statusCode)) {
      pending.done(undefined);
      return payload;
    }
    let body: string;
    let contentType: string;
    if (payload instanceof Response) {
      // tRPC answers a fetch Response, whose status and headers Fastify would copy when sending it;
      // its text goes instead, so they are copied here.
      body = await payload.text();
      payload.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      contentType = payload.headers.get("content-type") ?? "application/json";
    } else {
      body = payload as string;
      contentType = String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");
    }
    const link = reply.getHeader("link");
    const answer = { body, contentType, link: typeof link === "string" ? link : undefined, tables: pending.tables };
    const kept = cache.set(pending.key, pending.viewer, answer, pending.mark);
    pending.done(kept);
    answerHeaders(reply, kept?.etag);
    // Only a kept answer has an ETag (computed once, as it is kept): one that was not (a change was
    // told while it was read, or the server is not listening to changes) goes out as it is.
    if (kept && matches(request.headers["if-none-match"], kept.etag)) {
      reply.code(304);
      return "";
    }
    return kept ? encoded(request, reply, kept) : body;
  });
});

function isOk(payload: unknown, statusCode: number): boolean {
  return payload instanceof Response ? payload.status === 200 : statusCode === 200 && typeof payload === "string";
}

function serve(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  answerHeaders(reply, kept.etag);
  if (kept.link) reply.header("link", kept.link);
  if (matches(request.headers["if-none-match"], kept.etag)) return reply.code(304).send();
  return reply.type(kept.contentType).send(encoded(request, reply, kept));
}

/**
 * A kept answer's body for this request: compressed as @fastify/compress would, once per encoding
 * and then kept with the answer (the plugin leaves a body whose Content-Encoding is set as it is).
 */
function encoded(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer): string | Buffer {
  const encoding = chosenEncoding(request.headers["accept-encoding"]);
  if (!encoding || Buffer.byteLength(kept.body) < COMPRESS_THRESHOLD) return kept.body;
  let bytes = kept.encoded.get(encoding);
  if (!bytes) {
    bytes = encode(kept.body, encoding);
    kept.encoded.set(encoding, bytes);
  }
  reply.header("content-encoding", encoding);
  return bytes;
}
