import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./client";
import { sql } from "./orm";

/**
 * A Postgres connection closed under a statement (the server restarted, an operator ended the
 * session, a failover) must fail that statement and the next ones, never the process. postgres.js
 * 3.4.9 wrote to a connection after it had closed from a timer of its own, an error no caller can
 * catch, which ended the whole server (upstream issues #1154 and #1208): patched in
 * patches/postgres@3.4.9.patch until a release carries the fix (docs/developing.md, "Patched packages").
 */
const url = process.env.TEST_DATABASE_URL;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

describe.skipIf(!url)("a connection Postgres closes", () => {
  process.on("uncaughtException", onUncaught);
  const killer = url ? postgres(url, { max: 1, onnotice: () => {} }) : undefined;
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await killer?.end();
  });

  it("fails the transaction's statements and leaves the process and the pool working", async () => {
    const handle = await createDb({ databaseUrl: url });
    try {
      const outcome = await handle.db
        .transaction(async (tx) => {
          const rows = await tx.execute(sql`select pg_backend_pid() as pid`);
          const pid = Number((Array.isArray(rows) ? rows[0] : undefined)?.pid);
          await killer!`select pg_terminate_backend(${pid})`;
          // The connection is gone: this statement fails, and so does the ROLLBACK after it.
          await tx.execute(sql`select 1`).catch(() => {});
          await tx.execute(sql`select 2`);
        })
        .then(
          () => "committed",
          (err: Error) => err.message,
        );
      expect(outcome).not.toBe("committed");
      // Time for a write the driver scheduled on the closed connection to run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      // The pool goes on with a new connection.
      const [row] = (await handle.db.execute(sql`select 42 as answer`)) as unknown as { answer: number }[];
      expect(row?.answer).toBe(42);
    } finally {
      await handle.close();
    }
  });

  it("fails a reserved connection's statements after its backend ended, without ending the process", async () => {
    const client = postgres(url!, { max: 2, onnotice: () => {} });
    try {
      const reserved = await client.reserve();
      const [backend] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const pid = backend?.pid ?? 0;
      await killer!`select pg_terminate_backend(${pid})`;
      // The close has reached the driver: the connection has no socket when the statement comes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(reserved`select 1`).rejects.toThrow(/CONNECTION_CLOSED|write CONNECTION/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      reserved.release();
    } finally {
      await client.end({ timeout: 1 });
    }
  });
});
