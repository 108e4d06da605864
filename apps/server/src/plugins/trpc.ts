import { type ApiContext, appRouter, type ContextDeps, createApiContext, isUnavailable, unavailable } from "@club/api";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRPC_MAX_BATCH } from "../request-limits";
import { retryAfterOf } from "../rest/errors";
import { sessionCookies } from "./session";

export type { ContextDeps };

/** One context shape for tRPC and the REST shims: the request's session, cookies, log and address. */
export async function createContext(
  deps: ContextDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ApiContext> {
  // The session is read from the database: when that is down, the answer is 503, not 500.
  const { session, user, apiToken, adminWithheld } = await request.auth().catch((err: unknown) => {
    throw isUnavailable(err) ? unavailable(err) : err;
  });
  return createApiContext(deps, {
    session,
    user,
    apiToken,
    adminWithheld,
    cookies: sessionCookies(reply, deps.config.appOrigin),
    log: request.log,
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
  });
}

export async function trpcPlugin(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      maxBatchSize: TRPC_MAX_BATCH,
      responseMeta({ errors }) {
        const retryAfter = errors.map(retryAfterOf).find((s) => s !== undefined);
        return retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {};
      },
      onError({ error, path, req }) {
        // The client sees a generic message; the log keeps the real one with the request id.
        if (error.code === "INTERNAL_SERVER_ERROR")
          req.log.error({ err: error.cause ?? error, path }, "procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<typeof appRouter>["trpcOptions"],
  });
}
