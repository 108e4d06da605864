import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "./index";

/**
 * A write sends the statements that need nothing from each other at once. When one fails, the
 * transaction rolls back while another may still be on its way to its next statement: that
 * statement is refused, never run after the rollback outside any transaction (client.ts,
 * `TransactionEndedError`).
 */
const databases = [
  { name: "the embedded database", open: () => createDb({}) },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "Postgres", open: () => createDb({ databaseUrl: process.env.TEST_DATABASE_URL, maxConnections: 2 }) }]
    : []),
];

/** Drizzle reports a failed statement with the driver's error as its cause. */
const reasonOf = async (statement: Promise<unknown> | undefined) => {
  const error = await Promise.resolve(statement).then(
    () => undefined,
    (e: unknown) => e as Error & { cause?: unknown },
  );
  return String(error?.cause ?? error);
};

describe.each(databases)("a transaction's handle on $name", ({ open }) => {
  let handle: DbHandle;
  const table = `transaction_end_${process.pid}`;
  const count = async () => {
    const answer: unknown = await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    // The embedded database answers `{ rows }`, postgres.js the rows themselves.
    const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as { n: number }[];
    return rows[0]?.n;
  };

  beforeAll(async () => {
    handle = await open();
    await handle.db.execute(sql.raw(`create table if not exists ${table} (v int)`));
  });
  afterAll(async () => {
    await handle.db.execute(sql.raw(`drop table if exists ${table}`));
    await handle.close();
  });

  it("refuses a statement sent after the transaction failed, and nothing of it is written", async () => {
    let late: Promise<unknown> | undefined;
    const failed = handle.db.transaction(async (tx) => {
      // One chain still going (its first statement answered, its second not yet sent) when another
      // statement of the same write fails.
      late = (async () => {
        await tx.execute(sql.raw(`insert into ${table} values (1)`));
        await sleep(50);
        await tx.execute(sql.raw(`insert into ${table} values (2)`));
      })();
      late.catch(() => {});
      await tx.execute(sql.raw("select 1/0"));
    });
    await expect(failed).rejects.toThrow();
    expect(await reasonOf(late)).toMatch(/transaction has ended/);
    expect(await count()).toBe(0);
  });

  it("refuses a statement sent after the transaction committed", async () => {
    let keep: typeof handle.db | undefined;
    await handle.db.transaction(async (tx) => {
      keep = tx as unknown as typeof handle.db;
      await tx.execute(sql.raw(`insert into ${table} values (3)`));
    });
    expect(await reasonOf(keep!.execute(sql.raw(`insert into ${table} values (4)`)))).toMatch(/transaction has ended/);
    expect(await count()).toBe(1);
  });
});
