import type { DbHandle } from "./client";
import { createPgliteTestDb } from "./test-db/pglite";
import { createPostgresTestDb } from "./test-db/postgres";

/**
 * A fresh, migrated, empty database for a test (or a test file).
 * - With TEST_DATABASE_URL: a new Postgres database created beside it, dropped on close.
 * - Otherwise: the test worker's one embedded database, emptied for each caller (see test-db/pglite.ts).
 */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDb(url) : createPgliteTestDb();
}
