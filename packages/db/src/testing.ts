import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { Sql } from "postgres";
import type { Db, DbHandle } from "./client";
import { openPglite } from "./client";
import * as schema from "./schema";
import { createPgliteTestDb } from "./test-db/pglite";
import { createPostgresTestDb } from "./test-db/postgres";
import { migratedTemplate } from "./test-db/template";

/**
 * A fresh, migrated, empty database for a test (or a test file).
 * - With TEST_DATABASE_URL: a new Postgres database created beside it, dropped on close.
 * - Otherwise: the test worker's one embedded database, emptied for each caller (see test-db/pglite.ts).
 */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDb(url) : createPgliteTestDb();
}

/**
 * The same database as `handle.db`, through a Drizzle that tells `log` the SQL of every statement
 * it sends (a test that checks which tables an answer is made of).
 */
export function queryLoggingDb(handle: Pick<DbHandle, "db" | "kind">, log: (query: string) => void): Db {
  const logger = { logQuery: (query: string) => log(query) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  return handle.kind === "pglite"
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePostgres(client as Sql, { schema, logger });
}

export { hiddenClassesOf, madeAfterWarmUp } from "./hidden-classes";

/**
 * Writes the embedded database with every migration run into `pgliteDir` (a folder that does not
 * exist yet or is empty), as a data folder a command or server then opens: it loads the migrated
 * template instead of migrating again (a migration on disk cost a CLI test file about 4 s of CPU).
 */
export async function writeMigratedPglite(pgliteDir: string): Promise<void> {
  mkdirSync(pgliteDir, { recursive: true });
  const client = await openPglite({ pgliteDir, loadDataDir: await migratedTemplate() });
  await client.close();
}
