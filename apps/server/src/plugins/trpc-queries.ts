import type { ApiContext } from "@club/api";
import { appRouter } from "@club/api";
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  transformTRPCResponse,
} from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { TRPC_MAX_BATCH } from "../request-limits";
import { retryAfterOf } from "../rest/errors";

/**
 * The plain GET of one query or a batch of them (what the web app and `@club/client` send for
 * every read), answered without tRPC's fetch adapter. The adapter turns Fastify's request into a
 * fetch `Request`, gives each call abort signals of its own, builds a fetch `Response` and reads
 * its body back as text for the compression, none of it needed for an answer that is one JSON
 * string: a quarter to a half of the server's CPU a read, by the limit bench (docs/benchmarks.md). The calls themselves go through tRPC's own
 * `callProcedure` (the same middlewares, input checks and error shapes), and the answer is built by
 * tRPC's own functions, so it is byte for byte the adapter's (`trpc-queries.test.ts` compares the
 * two on good and bad requests). Everything else — POSTs, subscriptions, streamed batches, a GET
 * naming a procedure that is not a query — goes through the adapter as before.
 */

const config = appRouter._def._config;

/** The procedures a GET to `/trpc/:path` calls, when this path may answer it; otherwise undefined. */
export function plainQueries(request: FastifyRequest, path: string): string[] | undefined {
  if (request.method !== "GET") return undefined;
  const { headers } = request;
  // A streamed batch (httpBatchStreamLink) or an input sent as a body: the adapter's.
  if (headers["trpc-accept"] !== undefined || headers.accept?.includes("application/jsonl")) return undefined;
  const contentType = headers["content-type"];
  if (contentType !== undefined && contentType.split(";", 1)[0]?.trim().toLowerCase() !== "application/json")
    return undefined;
  const paths = isBatch(request) ? path.split(",") : [path];
  if (paths.length > TRPC_MAX_BATCH) return undefined;
  // An unknown name, a mutation or a subscription gets the adapter's refusal or stream.
  // A flat map by full name at run time (tRPC types it as the nested record of routers).
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;
  return paths.every((p) => procedures[p]?._def.type === "query") ? paths : undefined;
}

/** A query parameter as tRPC reads it (`URLSearchParams.get`: the first of several). */
function parameter(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

const isBatch = (request: FastifyRequest) => parameter(request, "batch") === "1";

type Outcome = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/**
 * Calls the queries and answers as tRPC's adapter would: the same status (207 when a batch's
 * calls differ), the same `vary` and content type, the error shapes of the club's formatter, and a
 * Retry-After when a call was throttled or a dependency is down.
 */
export async function answerQueries(
  request: FastifyRequest,
  reply: FastifyReply,
  paths: string[],
  createContext: () => Promise<ApiContext>,
  onError: (error: TRPCError, path: string) => void,
): Promise<string> {
  const batch = isBatch(request);
  const inputs = inputsOnce(parameter(request, "input"), batch, paths.length);
  let ctx: ApiContext | undefined;
  let contextError: TRPCError | undefined;
  try {
    ctx = await createContext();
  } catch (cause) {
    contextError = getTRPCErrorFromUnknown(cause);
  }
  const outcomes = await Promise.all(
    paths.map(async (path, index): Promise<Outcome> => {
      try {
        if (contextError) throw contextError;
        const data = await callTRPCProcedure({
          router: appRouter,
          path,
          getRawInput: async () => (await inputs())[index],
          ctx,
          type: "query",
          signal: undefined,
          batchIndex: index,
        });
        return { ok: true, data };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        onError(error, path);
        return { ok: false, error };
      }
    }),
  );
  const answers = outcomes.map((outcome, index) =>
    outcome.ok
      ? { result: { data: outcome.data } }
      : {
          error: getTRPCErrorShape({
            config,
            ctx,
            error: outcome.error,
            input: undefined,
            path: paths[index] as string,
            type: "query",
          }),
        },
  );
  const retryAfter = outcomes.map((o) => (o.ok ? undefined : retryAfterOf(o.error))).find((s) => s !== undefined);
  reply.code(getHTTPStatusCode(batch ? answers : (answers[0] as (typeof answers)[number])));
  reply.header("vary", "trpc-accept, accept");
  reply.header("content-type", "application/json");
  if (retryAfter) reply.header("retry-after", String(retryAfter));
  const body = transformTRPCResponse(config, batch ? answers : (answers[0] as (typeof answers)[number]));
  return JSON.stringify(body);
}

/**
 * The calls' inputs, read from the `input` parameter once, when the first call asks: as tRPC reads
 * them (a batch's as an object by index), and refused as it refuses them (400, the parser's words).
 */
function inputsOnce(text: string | undefined, isBatch: boolean, count: number): () => Promise<Record<number, unknown>> {
  let read: Promise<Record<number, unknown>> | undefined;
  return () => {
    read ??= (async () => {
      try {
        return parseInputs(text, isBatch, count);
      } catch (cause) {
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: cause instanceof Error ? cause.message : "Invalid input",
          cause,
        });
      }
    })();
    return read;
  };
}

function parseInputs(text: string | undefined, isBatch: boolean, count: number): Record<number, unknown> {
  const inputs: unknown = text ? JSON.parse(text) : undefined;
  const out: Record<number, unknown> = Object.create(null);
  if (inputs === undefined) return out;
  const { deserialize } = config.transformer.input;
  if (!isBatch) {
    out[0] = deserialize(inputs);
    return out;
  }
  if (typeof inputs !== "object" || inputs === null || Array.isArray(inputs))
    throw new TRPCError({ code: "BAD_REQUEST", message: '"input" needs to be an object when doing a batch call' });
  for (let index = 0; index < count; index++) {
    const input = (inputs as Record<number, unknown>)[index];
    if (input !== undefined) out[index] = deserialize(input);
  }
  return out;
}
