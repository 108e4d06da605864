import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, DatabaseLockedError, defaultPoolSize, users } from "./index";
import { PGLITE_SHARED_BUFFERS } from "./pglite-module";

const dir = mkdtempSync(join(tmpdir(), "club-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("createDb on the embedded database", () => {
  it("migrates idempotently and stores rows", async () => {
    const handle = await createDb({ pgliteDir: join(dir, "pglite"), processName: "test" });
    await handle.migrate();
    await handle.migrate();
    await handle.db.insert(users).values({ name: "Ada", email: "ada@example.com", passwordHash: "x" });
    const rows = await handle.db.select().from(users);
    expect(rows.map((r) => r.email)).toEqual(["ada@example.com"]);
    await handle.close();
  });

  it("refuses a second opener with an error naming the holder, and reopens after close", async () => {
    const path = join(dir, "pglite");
    // Simulate another live process holding the lock: our parent process is alive.
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.ppid, command: "club server", since: "then" }));
    const err = await createDb({ pgliteDir: path }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseLockedError);
    expect((err as Error).message).toContain(`pid ${process.ppid}: club server`);
    rmSync(`${path}.lock`);
    const again = await createDb({ pgliteDir: path });
    expect(await again.db.select().from(users)).toHaveLength(1);
    await again.close();
  });

  it("takes over a lock left by a process that has ended", async () => {
    const path = join(dir, "pglite");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: 2 ** 22 + 7, command: "gone", since: "then" }));
    const handle = await createDb({ pgliteDir: path });
    await handle.ping();
    await handle.close();
  });

  it("starts Postgres with the smaller buffer cache, not PGlite's 128 MB", async () => {
    const handle = await createDb({});
    if (handle.raw.kind !== "pglite") throw new Error("expected the embedded database");
    const { rows } = await handle.raw.client.query<{ shared_buffers: string }>("show shared_buffers");
    // Fails when an upgraded PGlite no longer carries the setting pglite-module.ts replaces.
    expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    await handle.close();
  });

  it("rejects an upper-case e-mail at the database level", async () => {
    const handle = await createDb({});
    await handle.migrate();
    await expect(
      handle.db.insert(users).values({ name: "B", email: "B@example.com", passwordHash: "x" }),
    ).rejects.toThrow();
    await handle.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("createDb on Postgres", () => {
  it("opens at most its pool's connections: those given, else twice the cores and at least 4", async () => {
    expect(defaultPoolSize()).toBe(Math.max(4, 2 * availableParallelism()));
    const handle = await createDb({ databaseUrl: process.env.TEST_DATABASE_URL, maxConnections: 2 });
    const { sql } = await import("drizzle-orm");
    const backends = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const rows = (await handle.db.execute(
          sql`select pg_backend_pid() as pid, pg_sleep(0.05)::text`,
        )) as unknown as { pid: number }[];
        return rows[0]?.pid;
      }),
    );
    expect(new Set(backends).size).toBe(2);
    await handle.close();
  });

  it("runs its sessions without JIT compilation (it cost the events list 320 ms a call)", async () => {
    const handle = await createDb({ databaseUrl: process.env.TEST_DATABASE_URL });
    const { sql } = await import("drizzle-orm");
    const rows = (await handle.db.execute(sql`show jit`)) as unknown as { jit: string }[];
    expect(rows[0]?.jit).toBe("off");
    await handle.close();
  });

  it("prepares the statements of transactions and savepoints too (unprepared, each cost two round trips)", async () => {
    const handle = await createDb({ databaseUrl: process.env.TEST_DATABASE_URL, maxConnections: 1 });
    const { sql } = await import("drizzle-orm");
    // A parameter, as every statement of a write has: postgres.js sends an unprepared one as parse
    // and describe, waits, then bind and execute.
    const marked = (tag: string) => sql`select ${tag}::text as tag /* prepared-in-${sql.raw(tag)} */`;
    /** The statements of the connection's session named after a tag (each prepared one is listed). */
    const preparedFor = async (db: Pick<typeof handle.db, "execute">, tag: string) =>
      (
        (await db.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%prepared-in-${tag} %`}`,
        )) as unknown as { n: number }[]
      )[0]?.n;

    await handle.db.transaction(async (tx) => {
      await tx.execute(marked("tx"));
      expect(await preparedFor(tx, "tx")).toBe(1);
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(marked("savepoint"));
        expect(await preparedFor(savepoint, "savepoint")).toBe(1);
      });
    });
    await handle.db.execute(marked("pool"));
    expect(await preparedFor(handle.db, "pool")).toBe(1);
    await handle.close();
  });
});
