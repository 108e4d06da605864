import { randomBytes } from "node:crypto";
import postgres, { type Sql } from "postgres";
import { createDb, type DbHandle } from "../client";
import { migrationsDigest } from "./template";

/** Where this set of migrations' template database is: one per set, kept between runs. */
const TEMPLATE_PREFIX = "club_template_";

/**
 * The migrated template database for this set of migrations, made once (the first test to need it
 * makes it, under an advisory lock, while the others wait), so that a test database is a copy
 * (`create database … template`, about a tenth of a migration's time) instead of a migration.
 * It is made under a temporary name and renamed when whole, so a run stopped half-way leaves no
 * half-migrated template; templates of other sets of migrations are dropped.
 */
async function migratedTemplate(admin: Sql, url: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsDigest()}`;
  const exists = async (db: string) => (await admin`select 1 from pg_database where datname = ${db}`).length > 0;
  if (await exists(name)) return name;
  await admin`select pg_advisory_lock(hashtext('club test template'))`;
  try {
    if (await exists(name)) return name;
    const stale = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`;
    for (const { datname } of stale) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    const making = `${name}_making`;
    await admin.unsafe(`create database "${making}"`);
    const target = new URL(url);
    target.pathname = `/${making}`;
    const handle = await createDb({ databaseUrl: target.toString(), maxConnections: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await admin.unsafe(`alter database "${making}" rename to "${name}"`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext('club test template'))`;
  }
}

/** A new Postgres database beside TEST_DATABASE_URL's, migrated (a copy of the template), and dropped on close. */
export async function createPostgresTestDb(url: string): Promise<DbHandle & { url: string }> {
  const name = `club_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const template = await migratedTemplate(admin, url);
  await admin.unsafe(`create database ${name} template "${template}"`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: dbUrl.toString(), maxConnections: 5 });
  return {
    ...handle,
    url: dbUrl.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
