import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Changes, DATA_CHANGES_CHANNEL, LISTENER_APPLICATION_NAME, listenChanges } from "./index";
import { createPostgresTestDb } from "./test-db/postgres";

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)("listenChanges on Postgres, when its connection drops", () => {
  let db: Awaited<ReturnType<typeof createPostgresTestDb>>;
  let admin: postgres.Sql;
  let name: string;

  beforeAll(async () => {
    db = await createPostgresTestDb(String(postgresUrl));
    name = new URL(db.url).pathname.slice(1);
    admin = postgres(String(postgresUrl), { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin?.unsafe(`alter database "${name}" allow_connections true`);
    await db?.close();
    await admin?.end();
  });

  const listeners = async () =>
    (
      await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
        where datname = ${name} and application_name = ${LISTENER_APPLICATION_NAME}`
    )[0]?.n;

  it("tries again once a second while the database refuses it, and listens again once it is back", async () => {
    const told = { deaf: 0, listening: 0, changed: [] as string[] };
    let changes: Changes | undefined;
    try {
      changes = await listenChanges(db.raw, {
        [DATA_CHANGES_CHANNEL]: {
          changed: (payload) => told.changed.push(payload),
          deaf: () => told.deaf++,
          listening: () => told.listening++,
        },
      });
      expect([told.listening, await listeners()]).toEqual([1, 1]);
      await admin.unsafe(`alter database "${name}" allow_connections false`);
      try {
        await admin`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = ${name} and application_name = ${LISTENER_APPLICATION_NAME}`;
        await new Promise((resolve) => setTimeout(resolve, 2500));
        // The drop, then one failed attempt a second (there were dozens a second, in as many loops).
        expect(told.deaf).toBeGreaterThanOrEqual(1);
        expect(told.deaf).toBeLessThanOrEqual(5);
        expect(told.listening).toBe(1);
      } finally {
        await admin.unsafe(`alter database "${name}" allow_connections true`);
      }
      await expect.poll(listeners, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => told.listening, { timeout: 5_000 }).toBe(2);
      // Listening again, once, and told of changes.
      await db.db.execute(`select pg_notify('${DATA_CHANGES_CHANNEL}', 'events')`);
      await expect.poll(() => told.changed).toEqual(["events"]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect([told.listening, await listeners()]).toEqual([2, 1]);
    } finally {
      await changes?.close();
    }
  }, 60_000);
});
