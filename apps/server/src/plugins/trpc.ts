import type { IncomingMessage } from "node:http";
import {
  type ApiContext,
  appRouter,
  type ContextDeps,
  createApiContext,
  isUnavailable,
  LIVE_STREAMS_FULL,
  Quotas,
  unavailable,
} from "@club/api";
import type { TRPCError } from "@trpc/server";
import { incomingMessageToRequest } from "@trpc/server/adapters/node-http";
import { resolveResponse } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { procedures } from "../openapi/procedures";
import { TRPC_MAX_BATCH } from "../request-limits";
import { retryAfterOf } from "../rest/errors";
import { sessionCookies } from "./session";
import { answerQueries, plainQueries } from "./trpc-queries";

export type { ContextDeps };

/** One context shape for tRPC and the REST shims: the request's session, cookies, log and address. */
export async function createContext(
  deps: ContextDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ApiContext> {
  // The session is read from the database: when that is down, the answer is 503, not 500.
  const { session, user, apiToken, adminWithheld, tokenRefused } = await request.auth().catch((err: unknown) => {
    throw isUnavailable(err) ? unavailable(err) : err;
  });
  // An answer kept for members of her sight is made from it (keep-answers.ts).
  const kept = request.keptAnswer;
  const sight = kept?.shared?.sight;
  return createApiContext(deps, {
    session,
    user: user && sight ? Object.assign({}, user, { sight }) : user,
    answerIsPersonal: kept
      ? () => {
          kept.personal = true;
        }
      : undefined,
    answerReadsCommentsOf: kept
      ? (itemId) => {
          kept.commentsOf = kept.commentsOf === undefined || kept.commentsOf === itemId ? itemId : null;
        }
      : undefined,
    answerReadsSeatsOf: kept
      ? (eventIds) => {
          kept.seatsOf = kept.seatsOf === undefined ? eventIds : null;
        }
      : undefined,
    answerChangesAt: kept
      ? (instant) => {
          kept.changesAt = Math.min(kept.changesAt, instant.getTime());
        }
      : undefined,
    apiToken,
    adminWithheld,
    tokenRefused,
    cookies: sessionCookies(reply, deps.config.appOrigin),
    log: request.log,
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    quotas: rateLimitHeaders(reply),
  });
}

/**
 * The request's throttled quotas as RateLimit-Policy and RateLimit headers, kept up to date as its
 * procedures count attempts (a batch's several ones merged). Headers already on their way (a
 * streamed answer) are left as they went.
 */
function rateLimitHeaders(reply: FastifyReply): Quotas {
  return new Quotas(({ policy, state }) => {
    if (reply.raw.headersSent) return;
    reply.header("RateLimit-Policy", policy);
    reply.header("RateLimit", state);
  });
}

/** The procedures that are live streams (subscriptions): each holds its connection while its page is open. */
const LIVE_PROCEDURES: ReadonlySet<string> = new Set(
  procedures()
    .filter((p) => p.type === "subscription")
    .map((p) => p.path),
);

/** The procedure a request to tRPC's `/trpc/:path` route calls (several, comma-separated, for a batch). */
function procedureOf(request: FastifyRequest): string | undefined {
  const params: unknown = request.params;
  return typeof params === "object" && params !== null && "path" in params && typeof params.path === "string"
    ? params.path
    : undefined;
}

export async function trpcPlugin(
  app: FastifyInstance,
  { deps, plainQueries: thin }: { deps: ContextDeps; plainQueries: boolean },
): Promise<void> {
  const { live } = deps;
  // A live stream holds its connection for as long as its page is open. Past the server's limit
  // (LIVE_STREAMS_PER_SERVER) a new one is refused before anything is read for it: tRPC answers a
  // subscription's refusals inside a 200 event stream, which a browser's EventSource takes as a
  // dropped stream and opens again every few seconds. So the refusal is a plain 503 with
  // Retry-After and words, which EventSource does not retry (the page tries again a minute later
  // while it is shown: apps/web's useReopenLive). The place is given back when the connection
  // closes, whatever closed it (the stream ended, the browser left, the server stopped).
  app.addHook("onRequest", async (request, reply) => {
    const path = procedureOf(request);
    if (!live || path === undefined || !LIVE_PROCEDURES.has(path)) return;
    const release = live.admit();
    if (!release) throw unavailable(undefined, LIVE_STREAMS_FULL);
    reply.raw.once("close", release);
  });
  // What tRPC's Fastify plugin does (bodies handed to tRPC as they came), but with the plain GET of
  // queries answered by the thinner path beside it (trpc-queries.ts).
  app.removeContentTypeParser(["application/json", "multipart/form-data"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
  app.addContentTypeParser("multipart/form-data", (_request, body, done) => done(null, body));
  app.all<{ Params: { path: string } }>("/trpc/:path", { config: { trpc: true } }, async (req, res) => {
    const { path } = req.params;
    const queries = thin ? plainQueries(req, path) : undefined;
    if (queries) {
      return answerQueries(
        req,
        res,
        queries,
        () => createContext(deps, req, res),
        (error, at) => logFailure(req, error, at),
      );
    }
    // Everything else through tRPC's own handling, as its Fastify adapter does it. tRPC answers with
    // a fetch Response. Sent as it is, Fastify reads its body as a web stream, and compression,
    // seeing a stream, compresses every answer through a brotli stream of its own, a 40-byte one
    // too (its 1 KB threshold applies only to a body in hand). An answer that is not streamed (a
    // subscription's events, a batch streamed as it is made) goes out as its text, with its status
    // and headers: one string, compressed at once when over 1 KB, sent as it is below, and in hand
    // for the hooks that keep it (kept answers, a retry's key).
    const raw: IncomingMessage & { body?: unknown } = req.raw;
    raw.body = req.body;
    const response = await resolveResponse({
      router: appRouter,
      req: incomingMessageToRequest(raw, res.raw, { maxBodySize: null }),
      path,
      error: null,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: () => createContext(deps, req, res),
      responseMeta({ errors }) {
        const retryAfter = errors.map(retryAfterOf).find((s) => s !== undefined);
        return retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {};
      },
      onError: ({ error, path: at }) => logFailure(req, error, at),
    });
    if (streamed(req, response)) return res.send(response);
    res.code(response.status);
    response.headers.forEach((value, name) => {
      res.header(name, value);
    });
    return response.text();
  });
}

/** The client sees a generic message for a failure; the log keeps the real one with the request id. */
function logFailure(request: FastifyRequest, error: TRPCError, path: string | undefined): void {
  if (error.code === "INTERNAL_SERVER_ERROR")
    request.log.error({ err: error.cause ?? error, path }, "procedure failed");
}

/** A subscription's event stream, or a batch asked for as a stream (httpBatchStreamLink). */
function streamed(request: FastifyRequest, response: Response): boolean {
  return (
    request.headers["trpc-accept"] !== undefined ||
    response.headers.get("content-type")?.startsWith("text/event-stream") === true
  );
}
