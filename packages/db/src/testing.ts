import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { createDb, type DbHandle, migrationsFolder } from "./client";

/**
 * A fresh, migrated database for one test file.
 * - With TEST_DATABASE_URL: a new Postgres database created beside it, dropped on close.
 * - Otherwise: an in-memory PGlite loaded from a migrated template dump, so the migrations
 *   run once per migration set instead of once per test file.
 */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDb(url) : createPgliteTestDb();
}

function migrationsDigest(): string {
  const dir = migrationsFolder();
  const hash = createHash("sha256");
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".sql"))
    .sort())
    hash.update(readFileSync(join(dir, f)));
  return hash.digest("hex").slice(0, 16);
}

async function createPgliteTestDb(): Promise<DbHandle> {
  const templatePath = join(tmpdir(), `club-pglite-template-${migrationsDigest()}.tar`);
  if (!existsSync(templatePath)) {
    const template = await createDb({});
    await template.migrate();
    if (!template.dump) throw new Error("The embedded database cannot be dumped.");
    const dump = await template.dump();
    await template.close();
    // Written under a unique name and renamed, so parallel test files never read half a file.
    const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templatePath);
  }
  return createDb({ loadDataDir: new Blob([readFileSync(templatePath)]) });
}

async function createPostgresTestDb(url: string): Promise<DbHandle & { url: string }> {
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
