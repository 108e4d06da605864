import {
  type ApiConfig,
  type ApiContext,
  appRouter,
  isUnavailable,
  type Logger,
  type Throttle,
  unavailable,
} from "@club/api";
import type { Db } from "@club/db";
import type { JobSender } from "@club/jobs";
import type { MediaStore } from "@club/storage";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { retryAfterOf } from "../rest/errors";
import { sessionCookies } from "./session";

export interface ContextDeps {
  db: Db;
  config: ApiConfig;
  throttle: Throttle;
  store: MediaStore;
  jobs: JobSender;
}

/** One context shape for tRPC and the REST shims. */
export async function createContext(
  deps: ContextDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ApiContext> {
  // The session is read from the database: when that is down, the answer is 503, not 500.
  const { session, user } = await request.auth().catch((err: unknown) => {
    throw isUnavailable(err) ? unavailable(err) : err;
  });
  return {
    db: deps.db,
    config: deps.config,
    session,
    user,
    cookies: sessionCookies(reply, deps.config.appOrigin),
    log: request.log as Logger,
    requestId: request.id,
    ip: request.ip,
    throttle: deps.throttle,
    store: deps.store,
    jobs: deps.jobs,
  };
}

export async function trpcPlugin(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      maxBatchSize: 20,
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
