import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Env, loadEnv, OPERATOR, operatorSocketPath } from "@club/api";
import { createDb, DatabaseLockedError, type DbHandle } from "@club/db";
import { JobQueue, jobKinds } from "@club/jobs";
import type { Command } from "commander";
import { type Api, localApi, mediaStoreFor, remoteApi, socketApi } from "./api";

import { CommandFailed } from "./errors";

export { CommandFailed };

/**
 * The CLI reads the same configuration as the server and opens the same database. With `jobs`,
 * a job queue on it too (work it sends, mail say, is done by the server).
 */
export async function withDb<T>(
  fn: (handle: DbHandle, env: Env, jobs: JobQueue) => Promise<T>,
  options: { jobs?: boolean } = {},
): Promise<T> {
  const env = loadEnv();
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, "pglite"),
    processName: `club ${process.argv.slice(2, 4).join(" ")}`,
  });
  const jobs = new JobQueue({ connection: handle.raw, kinds: jobKinds, log: quiet, schedule: false });
  try {
    // Every command works on an up-to-date schema; migrating is idempotent.
    await handle.migrate();
    if (options.jobs) await jobs.start();
    return await fn(handle, env, jobs);
  } finally {
    await jobs.stop(5000);
    await handle.close();
  }
}

const quiet = { info() {}, warn() {}, error() {} };

export interface Remote {
  url: string;
  token: string;
}

/** `--url` and `--token` (or CLUB_URL and CLUB_TOKEN): work against a running server instead of the database. */
export function remoteOf(command: Command): Remote | undefined {
  const opts = command.optsWithGlobals<{ url?: string; token?: string }>();
  const url = opts.url ?? process.env.CLUB_URL;
  const token = opts.token ?? process.env.CLUB_TOKEN;
  if (!url && !token) return undefined;
  if (!url || !token) throw new CommandFailed("Remote use needs both --url and --token (or CLUB_URL and CLUB_TOKEN).");
  return { url, token };
}

export function localOnly(command: Command, what: string): void {
  if (remoteOf(command)) throw new CommandFailed(`${what} works on the database only; drop --url and --token.`);
}

export function print(line = ""): void {
  process.stdout.write(`${line}\n`);
}

/**
 * The operator's procedures (the mail outbox): remotely with --url and --token; on the database
 * when it is free; and while the server holds the embedded database, through the server's socket.
 */
export async function withOperatorApi<T>(command: Command, fn: (api: Api) => Promise<T>): Promise<T> {
  const remote = remoteOf(command);
  if (remote) return fn(remoteApi(remote.url, remote.token));
  try {
    return await withDb(async (h, env, jobs) => fn(localApi(h.db, await mediaStoreFor(env), env, OPERATOR, jobs)), {
      jobs: true,
    });
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    const socket = operatorSocketPath(loadEnv().DATA_DIR);
    if (!existsSync(socket)) throw new CommandFailed(err.message);
    return fn(socketApi(socket));
  }
}
