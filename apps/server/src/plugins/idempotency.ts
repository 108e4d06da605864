import { createHash } from "node:crypto";
import {
  claimIdempotencyKey,
  IDEMPOTENCY_KEY,
  IDEMPOTENT_ANSWER_MAX_BYTES,
  keepIdempotentAnswer,
  RETRY_KEYS_PER_MEMBER,
  releaseIdempotencyKey,
  type Throttle,
  Throttled,
} from "@club/api";
import type { Db } from "@club/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sendProblem } from "../rest/problem";
import { sendTrpcRefusal } from "./trpc-refusal";

declare module "fastify" {
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept for the retries (or the key given back). */
    idempotencyClaim?: { userId: string; key: string };
  }
}

/** The header a retry repeats, and the one that tells a replayed answer from a new one. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

/**
 * `Idempotency-Key` on the REST creates (a route whose description says `idempotent`) and on tRPC's
 * POSTs (mutations, alone or in a batch): a request with a key she used before gets the first
 * request's answer again, with `Idempotent-Replayed: true`, instead of creating a second time.
 * Only a success is kept: a refused or failed request gives its key back, so that the retry is
 * handled anew. A key sent with another request (another URL or body) is refused (422), and one
 * whose first request is still being handled is too (409).
 */
export const idempotency = fp<{ db: Db; throttle: Throttle }>(async (app: FastifyInstance, { db, throttle }) => {
  app.addHook("preHandler", async (request, reply) => {
    const { config } = request.routeOptions;
    // tRPC's POSTs too (a mutation, or a batch of them): `webhooks.add` retried by a script.
    const trpc = config.trpc === true && request.method === "POST";
    if (!config.openapi?.idempotent && !trpc) return;
    const refuse = trpc ? sendTrpcRefusal : sendProblem;
    const sent = request.headers[IDEMPOTENCY_HEADER];
    if (sent === undefined) return;
    if (typeof sent !== "string" || !IDEMPOTENCY_KEY.test(sent)) {
      return refuse(request, reply, {
        status: 400,
        text: "An Idempotency-Key is one header of 1 to 255 visible ASCII characters, such as a UUID.",
      });
    }
    // Only a member's requests create; a visitor's is refused by the route itself.
    const { user } = await request.auth();
    if (!user) return;
    // Each key kept is a row for a day: a member's keys an hour are counted (RETRY_KEYS_PER_MEMBER).
    try {
      await throttle.take([RETRY_KEYS_PER_MEMBER, user.id]);
    } catch (err) {
      if (!(err instanceof Throttled)) throw err;
      return refuse(request, reply, {
        status: 429,
        text: err.message,
        retryAfterSeconds: Math.max(1, Math.ceil(err.retryAfterMs / 1000)),
      });
    }
    const claim = { userId: user.id, key: sent };
    const found = await claimIdempotencyKey(db, {
      ...claim,
      request: `${request.method} ${request.url}`,
      fingerprint: fingerprintOf(request),
    });
    switch (found.kind) {
      case "new":
        request.idempotencyClaim = claim;
        return;
      case "replay":
        reply.header(REPLAYED_HEADER, "true").code(found.status);
        if (found.contentType) reply.type(found.contentType);
        return reply.send(found.answer);
      case "in flight":
        return refuse(request, reply, {
          status: 409,
          text: "A request with this Idempotency-Key is still being handled. Try again in a moment.",
          retryAfterSeconds: 1,
        });
      case "another request":
        return refuse(request, reply, {
          status: 422,
          text: "This Idempotency-Key was sent with a different request. Use a new key for a new request.",
        });
    }
  });

  // Before the answer is compressed (@fastify/compress works in each route's own onSend, after these).
  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
    // A batch of which some calls were refused (207) is not a success: its key is given back.
    const kept =
      reply.statusCode >= 200 &&
      reply.statusCode < 300 &&
      reply.statusCode !== 207 &&
      body !== null &&
      Buffer.byteLength(body) <= IDEMPOTENT_ANSWER_MAX_BYTES;
    const contentType = reply.getHeader("content-type");
    // The act is done: a database that fails now must not turn its success into an error (the
    // caller would retry what was made). The claim then lapses (IDEMPOTENCY_STALE_MINUTES).
    await (kept
      ? keepIdempotentAnswer(db, claim, {
          status: reply.statusCode,
          body,
          contentType: typeof contentType === "string" ? contentType : null,
        })
      : releaseIdempotencyKey(db, claim)
    ).catch((err: unknown) => request.log.warn({ err }, "an idempotency key's answer was not kept"));
    return payload;
  });

  // A request that ended without an answer (the caller went away mid-upload) gives its key back.
  app.addHook("onResponse", async (request) => releaseIfHeld(db, request));
  app.addHook("onRequestAbort", async (request) => releaseIfHeld(db, request));
});

async function releaseIfHeld(db: Db, request: FastifyRequest): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim) return;
  request.idempotencyClaim = undefined;
  await releaseIdempotencyKey(db, claim).catch((err: unknown) =>
    // The claim then lapses by itself (IDEMPOTENCY_STALE_MINUTES); nothing else waits on it.
    request.log.warn({ err }, "an idempotency key was not given back"),
  );
}

/**
 * What the request sent, as a hash: its JSON body. An upload's body is a stream read by the route,
 * not held here: its key names it alone (the URL still has to be the same).
 */
function fingerprintOf(request: FastifyRequest): string {
  const body = /^multipart\//i.test(request.headers["content-type"] ?? "")
    ? "multipart"
    : JSON.stringify(request.body ?? null);
  return createHash("sha256").update(body).digest("base64url");
}
