import { createTestDb } from "@club/db/testing";
import PgBoss from "pg-boss";
import { describe, expect, it, vi } from "vitest";
import { pgliteExecutor } from "./executors";

/** pg-boss's own migration fails this way on purpose (a division by zero when already migrated). */
const FAILING_SCRIPT = "BEGIN; SELECT 1/0; COMMIT;";

const postgresUrl = process.env.TEST_DATABASE_URL;

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
      on(event: "error", listener: (err: Error & { code?: string }) => void): void;
    };
    // The pool's end resolves before its connection has closed, and the test database is then
    // dropped with force: Postgres may end that connection first ("terminating connection due to
    // administrator command", 57P01), which pg reports on the pool, and pg-boss's Db passes on as
    // an `error` event, uncaught with no listener. Only that, once closed, is expected.
    let closed = false;
    db.on("error", (err) => {
      if (!closed || err.code !== "57P01") throw err;
    });
    await db.open();
    try {
      await expect(db.executeSql(FAILING_SCRIPT, [])).rejects.toThrow(/division by zero/);
      await expect(db.executeSql("SELECT 1 AS one", [])).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      closed = true;
      await db.close();
      await h.close();
    }
  });
});
