import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Env, loadEnv, OPERATOR, operatorSocketPath } from "@club/api";
import { createDb, DatabaseLockedError, type DbHandle } from "@club/db";
import { JobQueue, jobKinds } from "@club/jobs";
import type { Api } from "../api";
import { CommandFailed } from "../errors";
import { localApi, mediaStoreFor, socketApi } from "./api";

/**
 * The CLI reads the same configuration as the server and opens the same database. With `jobs`,
 * a job queue on it too (work it sends, mail say, is done by the server).
 */
export async function openDatabase<T>(
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

/**
 * The operator's procedures on the database when it is free, and while the server holds the
 * embedded database, through the server's socket.
 */
export async function withLocalOperatorApi<T>(fn: (api: Api) => Promise<T>): Promise<T> {
  try {
    return await openDatabase(
      async (h, env, jobs) => fn(localApi(h.db, await mediaStoreFor(env), env, OPERATOR, jobs)),
      {
        jobs: true,
      },
    );
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    const socket = operatorSocketPath(loadEnv().DATA_DIR);
    if (!existsSync(socket)) throw new CommandFailed(err.message);
    return fn(socketApi(socket));
  }
}
