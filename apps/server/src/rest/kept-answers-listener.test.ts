import { events, LISTENER_APPLICATION_NAME } from "@club/db";
import { eq, sql } from "@club/db/orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheListening, getFrom, keptAnswerCounts } from "../test/answer-metrics";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

// Kept answers when the connection that hears the database's changes drops and comes back: on
// Postgres only (the embedded database tells its changes in its own process). The cache's rules
// with a connection that stays are in kept-answers.test.ts.

const METRICS_TOKEN = "kept-answers-listener-test-metrics-token";
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * On Postgres the changes are told over one connection of their own (listenChanges). Here it is
 * cut (pg_terminate_backend) and kept from coming back (the database refuses new connections; the
 * app's pool, opened before, goes on) while the data changes, then let back.
 */
describe.skipIf(!postgresUrl)("on Postgres, when the listening connection drops and comes back", () => {
  let p: Harness;
  let admin: postgres.Sql;
  let dbName: string;
  let member: string;
  let one: { id: string };
  let two: { id: string };

  beforeAll(async () => {
    p = await startApp({ answerCacheMs: 60_000, sessionCacheMs: 60_000, metricsToken: METRICS_TOKEN });
    await addUser(p, { email: "ada@club.test", name: "Ada", type: "Founding" });
    member = await login(p, "ada@club.test");
    one = (await request(p, "POST", "/api/events", { title: "One" }, member)).json();
    two = (await request(p, "POST", "/api/events", { title: "Two" }, member)).json();
    dbName = new URL(String(p.db.url)).pathname.slice(1);
    admin = postgres(String(postgresUrl), { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin?.unsafe(`alter database "${dbName}" allow_connections true`);
    await p?.close();
    await admin?.end();
  });

  const listeners = async () =>
    (
      await admin<{ pid: number }[]>`select pid from pg_stat_activity
        where datname = ${dbName} and application_name = ${LISTENER_APPLICATION_NAME}`
    ).map((r) => r.pid);
  const read = (id: string, etag?: string) => getFrom(p, `/api/events/${id}`, member, etag);
  const titleOf = async (id: string) => (await read(id)).json().title;
  const rename = (id: string, title: string) => p.db.db.update(events).set({ title }).where(eq(events.id, id));

  it("no stale answer is served while it is down, nor once it is back", { timeout: 60_000 }, async () => {
    // Both answers kept (the second read of each is a hit).
    for (const [event, title] of [
      [one, "One"],
      [two, "Two"],
    ] as const) {
      expect(await titleOf(event.id)).toBe(title);
      const before = await keptAnswerCounts(p, METRICS_TOKEN);
      expect(await titleOf(event.id)).toBe(title);
      expect((await keptAnswerCounts(p, METRICS_TOKEN)).hit).toBe(before.hit + 1);
    }
    // Every connection of the app's pool open now: none is needed while new ones are refused.
    await Promise.all(Array.from({ length: 5 }, () => p.db.db.execute(sql`select pg_sleep(0.1)`)));
    const [listener] = await listeners();
    expect(listener).toBeDefined();

    await admin.unsafe(`alter database "${dbName}" allow_connections false`);
    try {
      await admin`select pg_terminate_backend(${listener ?? 0})`;
      await expect.poll(listeners).toEqual([]);
      // Postgres ends the connection before the server reads that it has: until then a change is
      // not told and not known to be untold (a few milliseconds; what the cache's TTL bounds).
      await expect.poll(() => cacheListening(p, METRICS_TOKEN)).toBe(0);
      // Changes made while nobody listens are not told: the kept answers must not be served.
      await rename(one.id, "One, changed while not listening");
      await rename(two.id, "Two, changed while not listening");
      const during = await read(one.id);
      expect(during.json().title).toBe("One, changed while not listening");
      // Nothing is kept meanwhile: no ETag, and the next change shows at once too.
      expect(during.headers.etag).toBeUndefined();
      await rename(one.id, "One, changed again");
      expect(await titleOf(one.id)).toBe("One, changed again");
    } finally {
      await admin.unsafe(`alter database "${dbName}" allow_connections true`);
    }

    // Back (the listener tries again every second): answers are kept again, and a change is told.
    await expect.poll(listeners, { timeout: 20_000 }).toHaveLength(1);
    await expect.poll(() => cacheListening(p, METRICS_TOKEN), { timeout: 10_000 }).toBe(1);
    expect(await titleOf(two.id)).toBe("Two, changed while not listening");
    await expect.poll(async () => (await read(one.id)).headers.etag, { timeout: 10_000 }).toBeDefined();
    const kept = await read(one.id);
    expect([kept.json().title, kept.headers.etag]).toEqual(["One, changed again", expect.any(String)]);
    await rename(one.id, "One, told");
    await expect.poll(() => titleOf(one.id), { timeout: 2000 }).toBe("One, told");
  });
});
