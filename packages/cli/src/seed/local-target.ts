import { statSync } from "node:fs";
import { type Env, ingestMediaFile, OPERATOR } from "@club/api";
import { type SessionUser, sessionUserColumns } from "@club/auth";
import { type DbHandle, users } from "@club/db";
import { asc, eq } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { Api } from "../api";
import { localApi, mediaStoreFor } from "../local/api";
import type { SeedTarget } from "./run";

/** Seeding this machine's database: any member can be acted as. */
export async function localTarget(h: DbHandle, env: Env, jobs: JobSender): Promise<SeedTarget> {
  const store = await mediaStoreFor(env);
  const find = async (email: string) =>
    (await h.db.select(sessionUserColumns).from(users).where(eq(users.email, email)))[0];
  const firstAdmin = async (): Promise<SessionUser> => {
    const [admin] = await h.db
      .select(sessionUserColumns)
      .from(users)
      .where(eq(users.admin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    // Before any account exists, the operator at the database may still create the first ones.
    return admin ?? OPERATOR;
  };
  const as = async (email: string | undefined): Promise<Api> => {
    const user = email ? await find(email) : await firstAdmin();
    if (!user) throw new Error(`no member with the e-mail ${email}.`);
    return localApi(h.db, store, env, { ...user, mustChangePassword: false }, jobs);
  };
  return {
    admin: () => as(undefined),
    as,
    async upload(path, name, author) {
      const owner = author ? await find(author) : await firstAdmin();
      if (!owner) throw new Error(`no member with the e-mail ${author}.`);
      return ingestMediaFile(
        h.db,
        store,
        { path, size: statSync(path).size, filename: name },
        { uploadedBy: owner.id, associatedEventId: null },
        jobs,
      );
    },
  };
}
