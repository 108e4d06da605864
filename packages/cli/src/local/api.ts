import { join } from "node:path";
import {
  type AppRouter,
  apiConfigFromEnv,
  appRouter,
  createApiContext,
  type Env,
  s3Settings,
  Throttle,
} from "@club/api";
import type { SessionUser } from "@club/auth";
import type { Db } from "@club/db";
import type { JobSender } from "@club/jobs";
import { createFileStore, createMinioStore, type MediaStore } from "@club/storage";
import { createTRPCClient, httpLink, unstable_localLink } from "@trpc/client";
import superjson from "superjson";
import { Agent, type RequestInit as UndiciRequestInit, fetch as undiciFetch } from "undici";
import type { Api } from "../api";
import { CommandFailed } from "../errors";

export function mediaStoreFor(env: Env): Promise<MediaStore> | MediaStore {
  const s3 = s3Settings(env);
  return s3 ? createMinioStore(s3) : createFileStore(join(env.DATA_DIR, "media"));
}

const quiet = { info() {}, warn() {}, error() {} };

/** The procedures run in this process, on the configured database, as `user`. */
export function localApi(db: Db, store: MediaStore, env: Env, user: SessionUser, jobs: JobSender): Api {
  const deps = {
    db,
    store,
    jobs,
    throttle: new Throttle(),
    // As the server reads the environment: the same keys for unsubscribe links in mail queued
    // here, the same addresses refused for webhooks.
    config: apiConfigFromEnv(env),
  };
  const session = { id: "cli", userId: user.id, expiresAt: new Date(8.64e15), method: "command line" as const };
  return createTRPCClient<AppRouter>({
    links: [
      unstable_localLink({
        router: appRouter,
        transformer: superjson,
        createContext: async () =>
          createApiContext(deps, { user, session, log: quiet, requestId: "cli", ip: "127.0.0.1" }),
      }),
    ],
  });
}

/**
 * The operator procedures of the server running on this machine, through its socket in DATA_DIR
 * (while it runs, the embedded database is the server's alone): tRPC over the socket.
 */
export function socketApi(socketPath: string): Api {
  const dispatcher = new Agent({ connect: { socketPath } });
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        // The host is never looked up: every request goes through the socket.
        url: "http://club.sock",
        transformer: superjson,
        fetch: async (url, init) => {
          try {
            // Node's fetch types and undici's own are two copies of one declaration that no longer agree.
            return await undiciFetch(String(url), { ...init, dispatcher } as UndiciRequestInit);
          } catch (err) {
            throw new CommandFailed(
              `The running server could not be reached through ${socketPath}: ${(err instanceof Error ? err.cause : undefined) ?? err}`,
            );
          }
        },
      }),
    ],
  });
}
