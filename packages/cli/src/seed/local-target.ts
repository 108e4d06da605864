import { statSync } from "node:fs";
import type { Readable } from "node:stream";
import { type Env, ingestMediaFile, OPERATOR } from "@club/api";
import { type SessionUser, sessionUserColumns } from "@club/auth";
import { type DbHandle, type Tx, users } from "@club/db";
import { asc, eq } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { MediaStore } from "@club/storage";
import { localApi, mediaStoreFor } from "../local/api";
import type { SeedSource } from "./load";
import { runSeed, type SeedOptions, type SeedReport, type SeedTarget } from "./run";

/**
 * The media store as the seed uses it: every object it writes is noted, so that a seed that fails
 * (its transaction rolled back) takes its files away too. Deleting is left to the store.
 */
function recordingStore(store: MediaStore) {
  const written: string[] = [];
  const recording: MediaStore = {
    ...store,
    async put(key: string, body: Readable, contentType: string, size: number) {
      written.push(key);
      return store.put(key, body, contentType, size);
    },
    get: (key, range) => store.get(key, range),
    stat: (key) => store.stat(key),
    delete: (key) => store.delete(key),
    deletePrefix: (prefix) => store.deletePrefix(prefix),
    listPrefixes: (parent) => store.listPrefixes(parent),
  };
  const discard = async () => {
    await Promise.allSettled(written.map((key) => store.delete(key)));
  };
  return { store: recording, discard };
}

/**
 * Jobs sent by the seed's procedures go into its transaction: they exist exactly when what they are
 * about does (and the embedded database, one connection, would wait forever on a second).
 */
function jobsIn(tx: Tx, jobs: JobSender): JobSender {
  return {
    send: (kind, payload, options) => jobs.send(kind, payload, { ...options, tx: options?.tx ?? tx }),
    sendMany: (kind, list, options) => jobs.sendMany(kind, list, { ...options, tx: options?.tx ?? tx }),
    sendKeyed: (kind, key, payload, options) => jobs.sendKeyed(kind, key, payload, options),
    cancelKeyed: (kind, key, options) => jobs.cancelKeyed(kind, key, { ...options, tx: options?.tx ?? tx }),
    retry: (kind, id) => jobs.retry(kind, id),
  };
}

/** Seeding this machine's database, inside the transaction `tx`: any member can be acted as. */
function localTarget(tx: Tx, store: MediaStore, env: Env, jobs: JobSender): SeedTarget {
  const find = async (email: string) =>
    (await tx.select(sessionUserColumns).from(users).where(eq(users.email, email)))[0];
  const firstAdmin = async (): Promise<SessionUser> => {
    const [admin] = await tx
      .select(sessionUserColumns)
      .from(users)
      .where(eq(users.admin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    // Before any account exists, the operator at the database may still create the first ones.
    return admin ?? OPERATOR;
  };
  const api = (user: SessionUser) => localApi(tx, store, env, { ...user, mustChangePassword: false }, jobs);
  /** Who writes an entry: the member named, or the first admin (the operator is nobody to be an author). */
  const member = async (email: string | undefined): Promise<SessionUser> => {
    const user = email ? await find(email) : await firstAdmin();
    if (!user) throw new Error(`no member with the e-mail ${email}.`);
    if (user === OPERATOR) {
      throw new Error("no administrator exists to write it as: add one to the file's users (admin: true).");
    }
    return user;
  };
  return {
    name: "this machine's database",
    atomic: true,
    admin: async () => api(await firstAdmin()),
    as: async (email) => api(await member(email)),
    async upload(path, name, author) {
      const owner = await member(author);
      return ingestMediaFile(
        tx,
        store,
        { path, size: statSync(path).size, filename: name },
        { uploadedBy: owner.id, associatedEventId: null },
        jobs,
      );
    },
  };
}

/**
 * Seeds the database in one transaction: a failure anywhere leaves nothing of the run behind,
 * neither rows nor the media objects it stored.
 */
export async function seedDatabase(
  h: DbHandle,
  env: Env,
  jobs: JobSender,
  source: SeedSource,
  options: SeedOptions,
): Promise<SeedReport> {
  const { store, discard } = recordingStore(await mediaStoreFor(env));
  try {
    return await h.db.transaction((tx) => runSeed(source, localTarget(tx, store, env, jobsIn(tx, jobs)), options));
  } catch (err) {
    await discard();
    throw err;
  }
}
