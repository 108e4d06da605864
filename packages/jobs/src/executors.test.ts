import { type Db, rowsOf } from "@club/db";
import { createTestDb } from "@club/db/testing";
import PgBoss from "pg-boss";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { pgliteExecutor } from "./executors";

/** pg-boss's own migration fails this way on purpose (a division by zero when already migrated). */
const FAILING_SCRIPT = "BEGIN; SELECT 1/0; COMMIT;";

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Waits (up to five seconds) until Postgres has no connection of pg-boss's to the test's database. */
async function untilNoPgBossConnection(db: Db): Promise<void> {
  const query =
    "select count(*)::int as open from pg_stat_activity where datname = current_database() and application_name = 'pgboss'";
  for (let waited = 0; waited < 5000; waited += 20) {
    const [row] = rowsOf(await db.execute(query), z.object({ open: z.number() }));
    if (row?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("pg-boss's connection to the test database was still open five seconds after its pool ended");
}

describe("a script that fails inside its own transaction", () => {
  it.skipIf(postgresUrl)(
    "rejects with its error through the embedded database's executor, which stays usable",
    async () => {
      const h = await createTestDb();
      if (h.raw.kind !== "pglite") throw new Error("expected the embedded database");
      try {
        const executor = pgliteExecutor(h.raw.client);
        await expect(executor.executeSql(FAILING_SCRIPT)).rejects.toThrow(/division by zero/);
        await expect(executor.executeSql("SELECT 1 AS one")).resolves.toEqual({ rows: [{ one: 1 }] });
        // The rest of the club, on the same client, too.
        await expect(h.raw.client.query("SELECT 2 AS two")).resolves.toMatchObject({ rows: [{ two: 2 }] });
      } finally {
        await h.close();
      }
    },
  );

  it.skipIf(postgresUrl)("sends no rollback when the failed script left no transaction open", async () => {
    const h = await createTestDb();
    if (h.raw.kind !== "pglite") throw new Error("expected the embedded database");
    try {
      const client = h.raw.client;
      const exec = vi.spyOn(client, "exec");
      const executor = pgliteExecutor(client);
      await expect(executor.executeSql("SELECT 1; SELECT 1/0;")).rejects.toThrow(/division by zero/);
      expect(exec.mock.calls.map(([text]) => text)).toEqual(["SELECT 1; SELECT 1/0;"]);
      await expect(executor.executeSql("SELECT 1 AS one")).resolves.toEqual({ rows: [{ one: 1 }] });
    } finally {
      await h.close();
    }
  });

  it.skipIf(!postgresUrl)("rejects with its error through pg-boss's Postgres pool, which stays usable", async () => {
    const h = await createTestDb();
    // One connection, so the next query would meet the failed one's session if it were kept.
    const boss = new PgBoss({ connectionString: h.url!, max: 1 });
    // pg-boss's Db is an EventEmitter with these methods, which its types leave out.
    const db = boss.getDb() as PgBoss.Db & {
      open(): Promise<void>;
      close(): Promise<void>;
      on(event: "error", listener: (err: Error) => void): void;
    };
    // An error on the pool (pg-boss's Db passes it on as an `error` event) is kept to fail the test
    // with its message: thrown inside the emitter, it would be an uncaught error with no test named.
    const poolErrors: string[] = [];
    db.on("error", (err) => poolErrors.push(err.message));
    await db.open();
    try {
      await expect(db.executeSql(FAILING_SCRIPT, [])).rejects.toThrow(/division by zero/);
      await expect(db.executeSql("SELECT 1 AS one", [])).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await db.close();
      // The pool's end resolves before its connection has closed. The test database is dropped with
      // force, which would end a connection still open ("terminating connection due to administrator
      // command"), and pg would report that on the pool, after the test. So the drop waits until
      // Postgres has no pg-boss connection to this database left.
      await untilNoPgBossConnection(h.db);
      await h.close();
    }
    expect(poolErrors).toEqual([]);
  });
});
