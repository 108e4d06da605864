import { request } from "node:http";
import { join } from "node:path";
import { appRouter, createCaller, type Env, noCookies, Throttle } from "@club/api";
import type { SessionUser } from "@club/auth";
import { createClubClient } from "@club/client";
import type { Db } from "@club/db";
import type { JobSender } from "@club/jobs";
import { createFileStore, createMinioStore, type MediaStore } from "@club/storage";
import superjson from "superjson";
import { CommandFailed } from "./errors";

/** The procedures, called the same way whether they run here on the database or on a remote server. */
export type Api = ReturnType<typeof createCaller>;

export function mediaStoreFor(env: Env): Promise<MediaStore> | MediaStore {
  return env.S3_ENDPOINT
    ? createMinioStore({
        endpoint: env.S3_ENDPOINT,
        accessKey: env.S3_ACCESS_KEY!,
        secretKey: env.S3_SECRET_KEY!,
        bucket: env.S3_BUCKET,
      })
    : createFileStore(join(env.DATA_DIR, "media"));
}

/** The procedures run in this process, on the configured database, as `user`. */
export function localApi(db: Db, store: MediaStore, env: Env, user: SessionUser, jobs: JobSender): Api {
  return createCaller({
    db,
    store,
    config: {
      appOrigin: env.APP_ORIGIN,
      tempPassword: env.TEMP_PASSWORD,
      timeZone: env.CLUB_TIME_ZONE,
      reminderHours: env.EVENT_REMINDER_HOURS,
      mailDelivery: env.SMTP_URL ? "smtp" : "capture",
    },
    session: { id: "cli", userId: user.id, expiresAt: new Date(8.64e15) },
    user,
    cookies: noCookies,
    log: { info() {}, warn() {}, error() {} },
    requestId: "cli",
    ip: "127.0.0.1",
    throttle: new Throttle(),
    jobs,
  });
}

type ProcedureType = "query" | "mutation" | "subscription";
// At run time the router keeps its procedures flat, by dotted path.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>;

/** An `Api` whose every call is `invoke(dotted path, input)`. */
function procedureProxy(invoke: (name: string, input: unknown) => Promise<unknown>): Api {
  const at = (path: string[]): unknown =>
    new Proxy(() => {}, {
      // Not a promise: `await api` must not look for a `then` procedure.
      get: (_t, key: string | symbol) => (key === "then" || typeof key === "symbol" ? undefined : at([...path, key])),
      apply: (_t, _this, args: unknown[]) => invoke(path.join("."), args[0]),
    });
  return at([]) as Api;
}

/**
 * The same procedures on a remote server through @club/client, with the caller's shape:
 * `api.events.create(input)` becomes a mutation, `api.events.list(input)` a query.
 */
export function remoteApi(url: string, token: string): Api {
  const client = createClubClient({ url, token, timeoutMs: 60_000 }) as unknown as Record<string, unknown>;
  return procedureProxy((name, input) => {
    const type = procedures[name]?._def.type;
    if (!type) throw new Error(`Unknown procedure ${name}.`);
    let target: unknown = client;
    for (const p of name.split(".")) target = (target as Record<string, unknown>)[p];
    const call = (target as Record<string, (input: unknown) => Promise<unknown>>)[
      type === "query" ? "query" : "mutate"
    ]!;
    return call(input);
  });
}

/**
 * The operator procedures of the server running on this machine, through its socket in DATA_DIR
 * (while it runs, the embedded database is the server's alone).
 */
export function socketApi(socketPath: string): Api {
  return procedureProxy(
    (name, input) =>
      new Promise((resolve, reject) => {
        const req = request({ socketPath, path: "/call", method: "POST" }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => {
            const value = superjson.parse<unknown>(text);
            if (res.statusCode === 200) resolve(value);
            else
              reject(
                new CommandFailed((value as { message?: string }).message ?? `The server answered ${res.statusCode}.`),
              );
          });
        });
        req.on("error", (err) =>
          reject(new CommandFailed(`The running server could not be reached through ${socketPath}: ${err.message}`)),
        );
        req.end(superjson.stringify({ path: name, input }));
      }),
  );
}
