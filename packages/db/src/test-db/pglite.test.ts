import { describe, expect, it } from "vitest";
import { sql } from "../orm";
import { rowsOf } from "../rows";
import { users } from "../schema";
import { createPgliteTestDb } from "./pglite";

/** Rows as the query names them (a test reads back what it just wrote). */
const rowsLike = <T>() => ({ parse: (row: unknown) => row as T });

const ada = { name: "Ada", email: "ada@example.com", passwordHash: "x" };
const tableNames = async (handle: Awaited<ReturnType<typeof createPgliteTestDb>>) =>
  rowsOf(
    await handle.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
    rowsLike<{ name: string }>(),
  ).map((r) => r.name);

describe("test databases on the embedded database", () => {
  it("each caller finds the migrated tables empty, whatever the last one left", async () => {
    const first = await createPgliteTestDb();
    await first.db.insert(users).values(ada);
    await first.db.execute(sql`create schema pgboss`);
    await first.close();

    const second = await createPgliteTestDb();
    try {
      expect(await second.db.select().from(users)).toEqual([]);
      const schemas = rowsOf(
        await second.db.execute(sql`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`),
        rowsLike<{ n: number }>(),
      );
      expect(schemas[0]?.n).toBe(0);
    } finally {
      await second.close();
    }
  });

  it("a closed handle refuses to run, so what outlives its test cannot reach the next one's data", async () => {
    const handle = await createPgliteTestDb();
    await handle.close();
    // Drizzle gives the driver's error as the cause of its own.
    await expect(handle.db.select().from(users)).rejects.toHaveProperty(
      "cause.message",
      "This test database is closed.",
    );
    const { raw } = handle;
    if (raw.kind !== "pglite") throw new Error("an embedded database was expected");
    await expect(async () => raw.client.query("select 1")).rejects.toThrow("This test database is closed.");
  });

  it("what a caller put on its client (a spy, a stand-in) is not on the next caller's", async () => {
    const first = await createPgliteTestDb();
    const { raw } = first;
    if (raw.kind !== "pglite") throw new Error("an embedded database was expected");
    raw.client.exec = () => Promise.reject(new Error("a stand-in that fails"));
    await expect(raw.client.exec("select 1")).rejects.toThrow("a stand-in that fails");
    await first.close();

    const second = await createPgliteTestDb();
    try {
      if (second.raw.kind !== "pglite") throw new Error("an embedded database was expected");
      await expect(second.raw.client.exec("select 1")).resolves.toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("two at once are two databases", async () => {
    const a = await createPgliteTestDb();
    const b = await createPgliteTestDb();
    try {
      await a.db.insert(users).values(ada);
      expect(await b.db.select().from(users)).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("after a caller changed the schema, the next one gets the schema as migrated", async () => {
    const first = await createPgliteTestDb();
    const migrated = await tableNames(first);
    await first.db.execute(sql`create table effects (n int)`);
    await first.db.execute(sql`alter table users add column nickname text`);
    await first.close();

    const second = await createPgliteTestDb();
    try {
      expect(await tableNames(second)).toEqual(migrated);
      await second.db.insert(users).values(ada);
      const columns = rowsOf(
        await second.db.execute(
          sql`select column_name as name from information_schema.columns where table_name = 'users' and column_name = 'nickname'`,
        ),
        rowsLike<{ name: string }>(),
      );
      expect(columns).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
