import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, type DbHandle } from "../client";

/** A new Postgres database beside TEST_DATABASE_URL's, migrated, and dropped on close. */
export async function createPostgresTestDb(url: string): Promise<DbHandle & { url: string }> {
  const name = `club_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: dbUrl.toString(), maxConnections: 5 });
  await handle.migrate();
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
