import { type DbHandle, rowsOf, withSchemaLock } from "@club/db";
import { sql } from "@club/db/orm";
import { createTestDb } from "@club/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { JobQueue } from "./queue";

/**
 * A second instance starting while the first changes the schema waits for it: pg-boss's own start
 * (its tables, and its schedule's queue, a partition of pgboss.job) runs under the club's schema
 * lock, as the club's queues are made. Outside it, the second instance's start once made its
 * schedule's queue while the first made the club's, and one of them died of a deadlock (seen on CI
 * in two instances started at once). Runs where Postgres is (TEST_DATABASE_URL).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
let h: DbHandle & { url?: string };

/** Whether pg-boss's tables exist yet, and its queues' names. */
async function pgBossQueues(): Promise<string[] | null> {
  const [table] = rowsOf(
    await h.db.execute(sql`select to_regclass('pgboss.queue')::text as t`),
    z.object({ t: z.string().nullable() }),
  );
  if (!table?.t) return null;
  return rowsOf(
    await h.db.execute(sql`select name from pgboss.queue order by name`),
    z.object({ name: z.string() }),
  ).map((r) => r.name);
}

describe.skipIf(!databaseUrl)("a job queue starting while the schema is locked", () => {
  beforeAll(async () => {
    // A database of its own, migrated, where pg-boss has not started yet.
    h = await createTestDb();
  });
  afterAll(() => h?.close());

  it("makes nothing of pg-boss until the lock is free, then starts with its schedule", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another instance changing the schema.
    const url = h.url ?? "";
    const other = withSchemaLock(url, async () => {
      locked();
      await held;
    });
    await lockTaken;

    const queue = new JobQueue({
      connection: { kind: "postgres", url },
      kinds: {
        chore: {
          payload: z.object({}),
          options: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
          workers: 1,
        },
      },
      log: { info() {}, warn() {}, error() {} },
      pollingIntervalSeconds: 0.5,
    });
    const starting = queue.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pgBossQueues()).toBeNull();

    release();
    await other;
    await starting;
    expect(await pgBossQueues()).toEqual(expect.arrayContaining(["__pgboss__send-it", "chore"]));
    await queue.stop();
  }, 60_000);
});
