import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  deleteExpiredRecords,
  expireRequests,
  findUnreferencedObjects,
  removeExpiredDataExports,
  sweepPendingMedia,
  THE_CLUB,
} from "@club/api/background";
import { deleteExpiredSessions } from "@club/auth";
import type { Db } from "@club/db";
import type { JobSender } from "@club/jobs";
import { purgeOldBodies } from "@club/mail";
import type { MediaStore } from "@club/storage";
import type { FastifyBaseLogger } from "fastify";

const HOUR = 60 * 60 * 1000;
/** Upload spools older than this belong to no request any more (a crash left them). */
export const SPOOL_MAX_AGE_MS = 24 * HOUR;

export interface HousekeepingOptions {
  db: Db;
  store: MediaStore;
  /** Where uploads are spooled. */
  tmpDir: string;
  /** Where resumable uploads wait; those unfinished a day after they began are removed. */
  resumable: { directory: string; deleteExpired(): Promise<number> };
  mailKeepDays: number;
  log: FastifyBaseLogger;
  /** Lapsed stay requests are told to both members: by mail through the outbox, with links to the club. */
  jobs: JobSender;
  appOrigin: string;
}

/** Removes spool files older than `maxAgeMs` (a server that stopped mid-upload leaves its spool). */
export async function sweepSpool(tmpDir: string, maxAgeMs = SPOOL_MAX_AGE_MS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(tmpDir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}

/** Logs the store's objects that no media row refers to (found, never deleted: see the function). */
async function reportUnreferencedObjects(options: HousekeepingOptions): Promise<void> {
  const { count, prefixes } = await findUnreferencedObjects(options.db, options.store, 20);
  if (count > 0) {
    options.log.warn(
      { count, examples: prefixes },
      "media objects that no media item refers to (left by a failed delete or a restored backup); remove them by hand once checked",
    );
  }
}

/**
 * The `housekeeping` job (at start and hourly): expired sessions, one-time tokens and codes go, old
 * mail bodies are emptied, stay requests unanswered for 72 hours lapse, expired data exports' files, unfinished uploads and stale spool files are removed, and objects no
 * item refers to are reported. A step that fails is logged and the others still run; the next run
 * tries it again.
 *
 * The steps' order and their one-by-one error handling stay here rather than in the api: the job
 * mixes steps of several packages and of the server itself (sessions, mail bodies, spools,
 * resumable uploads), and what the api owns of it are single steps, taken by name from
 * `@club/api/background` like any other package's.
 */
export async function runHousekeeping(options: HousekeepingOptions): Promise<void> {
  const { db, store, tmpDir, mailKeepDays, log } = options;
  const step = async (name: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      log.warn({ err, step: name }, "housekeeping step failed; it runs again within the hour");
    }
  };
  await step("sessions", () => deleteExpiredSessions(db));
  await step("tokens and codes", async () => {
    const deleted = await deleteExpiredRecords(db);
    if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted }, "deleted expired tokens and codes");
  });
  await step("mail bodies", () => purgeOldBodies(db, mailKeepDays));
  await step("unfinished uploads", () => sweepPendingMedia(db, store, log));
  await step("upload spools", () => sweepSpool(tmpDir));
  await step("abandoned resumable uploads", async () => {
    await options.resumable.deleteExpired();
    // What the store no longer lists (a half-pair left by a crash while a finished upload was
    // stored) goes by age, well after any upload still under way has expired.
    await sweepSpool(options.resumable.directory, 2 * SPOOL_MAX_AGE_MS);
  });
  await step("unanswered stay requests", async () => {
    const lapsed = await expireRequests({ db, jobs: options.jobs, appOrigin: options.appOrigin, by: THE_CLUB });
    if (lapsed > 0) log.info({ lapsed }, "stay requests expired unanswered");
  });
  await step("expired data exports", () => removeExpiredDataExports(db, store));
  await step("unreferenced objects", () => reportUnreferencedObjects(options));
}
