import type { DbHandle } from "@club/db";
import { rowsOf } from "@club/db";
import { sql } from "@club/db/orm";
import { createTestDb } from "@club/db/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobCounts, recentFailures } from "./job-table";
import type { JobKindSpec } from "./kinds";
import { JobQueue } from "./queue";

/** Kinds of this test's own, with short retry delays. */
const kinds = {
  effect: {
    payload: z.object({ n: z.number() }),
    options: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
    workers: 2,
  },
  flaky: {
    payload: z.object({ n: z.number() }),
    options: { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
    workers: 1,
  },
  /** As a reminder is: one waiting job per key (`event:<id>:<member>`). */
  reminder: {
    payload: z.object({ n: z.number() }),
    options: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
    workers: 1,
    keyed: true,
  },
  slow: {
    payload: z.object({}),
    options: { retryLimit: 1, retryDelay: 1, retryBackoff: false, expireInSeconds: 2 },
    workers: 1,
  },
} satisfies Record<string, JobKindSpec>;

const quiet = { info() {}, warn() {}, error() {} };

let h: DbHandle;
const queues: JobQueue<typeof kinds>[] = [];
const queue = async () => {
  const q = new JobQueue({
    connection: h.raw,
    kinds,
    log: quiet,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    schedule: false,
  });
  await q.start();
  queues.push(q);
  return q;
};

beforeAll(async () => {
  h = await createTestDb();
  // The effect of a job, recorded once per run: a job that ran twice shows twice.
  await h.db.execute(
    sql`create table effects (job text not null, n int not null, at timestamptz not null default now())`,
  );
});
// Each test's workers stop with it, so the next test's jobs are not taken by them.
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop(1000);
});
afterAll(() => h.close());

const effects = async (job: string) =>
  rowsOf(await h.db.execute(sql`select n from effects where job = ${job} order by n`), z.object({ n: z.number() }));

/** Waits until no job of the kind waits or runs: none can run again, so what ran is final. */
const settled = (kind: string) =>
  expect
    .poll(
      async () =>
        (await jobCounts(h.db)).filter((c) => c.kind === kind && ["created", "retry", "active"].includes(c.state)),
      { timeout: 15_000, interval: 200 },
    )
    .toEqual([]);

const record = (job: string) => async (p: { n: number }) => {
  await h.db.execute(sql`insert into effects (job, n) values (${job}, ${p.n})`);
};

describe(`the job queue (${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"})`, () => {
  it("runs a delayed job at its time, not before", async () => {
    const q = await queue();
    const startAfter = new Date(Date.now() + 1500);
    await q.send("effect", { n: 1 }, { startAfter });
    await q.work("effect", record("delayed"));
    await expect.poll(() => effects("delayed"), { timeout: 8000, interval: 200 }).toEqual([{ n: 1 }]);
    // Not before its time: the effect's own timestamp (the database's clock, as pg-boss's) says when it ran.
    const [ran] = rowsOf(
      await h.db.execute(sql`select at from effects where job = 'delayed'`),
      z.object({ at: z.union([z.date(), z.string()]) }),
    );
    expect(new Date(ran?.at ?? 0).getTime()).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  // Counted on the embedded database, whose one client every statement goes through.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "an idle queue asks once an interval for all its workers, and a worker asks only when there is work",
    async () => {
      const q = await queue();
      // Five workers, idle: each used to ask for itself every interval (0.5 s).
      await q.work("effect", record("idle"), { workers: 3 });
      await q.work("flaky", record("idle"));
      await q.work("slow", async () => {});
      if (h.raw.kind !== "pglite") throw new Error("the embedded database's client is counted here");
      const client = h.raw.client;
      const asked: string[] = [];
      const query = client.query.bind(client);
      client.query = ((text: string, ...rest: unknown[]) => {
        if (/pgboss\.job/.test(text)) asked.push(/SKIP LOCKED/.test(text) ? "fetch" : "look");
        return (query as (...args: unknown[]) => unknown)(text, ...rest);
      }) as typeof client.query;
      try {
        await new Promise((r) => setTimeout(r, 2600));
        // Five intervals: a look each, and no worker fetched, for there was nothing to take.
        expect(asked.filter((a) => a === "fetch")).toEqual([]);
        expect(asked.filter((a) => a === "look").length).toBeGreaterThanOrEqual(3);
        expect(asked.filter((a) => a === "look").length).toBeLessThanOrEqual(6);
        // A job sent by another process (here, straight into the table as pg-boss's send does) is
        // found by the next look and run.
        const other = await queue();
        await other.send("effect", { n: 7 });
        await expect.poll(() => effects("idle"), { timeout: 8000, interval: 200 }).toEqual([{ n: 7 }]);
      } finally {
        // Back to the class's own method (an own property left behind confuses Drizzle's proxy).
        delete (client as { query?: unknown }).query;
      }
    },
  );

  it("retries a failing job with backoff, then keeps it as failed with its error", async () => {
    const q = await queue();
    let runs = 0;
    await q.work("flaky", async (_p, job) => {
      runs++;
      throw new Error(`attempt ${job.attempt} of 3 failed${job.lastAttempt ? " (last)" : ""}`);
    });
    const id = await q.send("flaky", { n: 7 });
    await expect
      .poll(async () => (await recentFailures(h.db)).find((f) => f.id === id), { timeout: 15_000, interval: 300 })
      .toMatchObject({ kind: "flaky", attempts: 3, error: "attempt 3 of 3 failed (last)", data: { n: 7 } });
    expect(runs).toBe(3);
    expect(await jobCounts(h.db)).toContainEqual({ kind: "flaky", state: "failed", count: 1 });
    // Sent again from the admin screen: it runs again.
    await q.retry("flaky", id!);
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThan(3);
  });

  it("a long job stopped with the server is handed back and runs again from the start, not counted as a try", async () => {
    const first = await queue();
    const attempts: number[] = [];
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    // Like a transcoding: runs until it is done or the signal stops it.
    await first.work("flaky", (_p, job) => {
      attempts.push(job.attempt);
      started();
      return new Promise((_resolve, reject) => {
        job.signal.addEventListener("abort", () => reject(job.signal.reason));
      });
    });
    const id = await first.send("flaky", { n: 9 });
    await running;
    const stoppedAt = Date.now();
    await first.stop(10_000);
    // It did not wait out the grace period: the job stopped at once.
    expect(Date.now() - stoppedAt).toBeLessThan(5000);

    const second = await queue();
    await second.work("flaky", async (p, job) => {
      attempts.push(job.attempt);
      await record("handed-back")(p);
    });
    await expect.poll(() => effects("handed-back"), { timeout: 8000 }).toEqual([{ n: 9 }]);
    // Both runs were the first try: a stop is not a failure (three stops would not use up the retries).
    expect(attempts).toEqual([1, 1]);
    expect((await recentFailures(h.db)).find((f) => f.id === id)).toBeUndefined();
  });

  it("never runs a job sent in a transaction that rolled back", async () => {
    const q = await queue();
    await q.work("effect", record("rollback"));
    await h.db
      .transaction(async (tx) => {
        await q.send("effect", { n: 1 }, { tx });
        throw new Error("the change failed");
      })
      .catch(() => {});
    await h.db.transaction(async (tx) => {
      await q.send("effect", { n: 2 }, { tx });
    });
    await expect.poll(() => effects("rollback"), { timeout: 8000 }).toEqual([{ n: 2 }]);
    await settled("effect");
    expect(await effects("rollback")).toEqual([{ n: 2 }]);
  });

  it("sends many jobs in one statement, in the change's transaction, with their kind's options", async () => {
    const q = await queue();
    await q.work("flaky", record("many"));
    const ids: string[] = Array.from({ length: 50 }, () => crypto.randomUUID());
    await h.db
      .transaction(async (tx) => {
        await q.sendMany("flaky", [{ payload: { n: -1 }, id: crypto.randomUUID() }], { tx });
        throw new Error("the change failed");
      })
      .catch(() => {});
    await h.db.transaction((tx) =>
      q.sendMany(
        "flaky",
        ids.map((id, n) => ({ payload: { n }, id })),
        { tx },
      ),
    );
    const kept = rowsOf(
      await h.db.execute(sql`select id::text, retry_limit from pgboss.job where name = 'flaky'`),
      z.object({ id: z.string(), retry_limit: z.number() }),
    ).filter((j) => ids.includes(j.id));
    expect(kept).toHaveLength(50);
    expect(new Set(kept.map((j) => j.retry_limit))).toEqual(new Set([2]));
    await expect.poll(async () => (await effects("many")).length, { timeout: 15_000 }).toBe(50);
    expect((await effects("many")).some((e) => e.n === -1)).toBe(false);
  });

  it("lets a job under way finish when the queue stops", async () => {
    const q = await queue();
    let began = false;
    let stopBegan = () => {};
    const stopping = new Promise<void>((resolve) => {
      stopBegan = resolve;
    });
    // The job is still at work when the stop begins, and finishes after.
    await q.work("effect", async (p) => {
      began = true;
      await stopping;
      await record("stopping")(p);
    });
    await q.send("effect", { n: 5 });
    await expect.poll(() => began, { timeout: 5000 }).toBe(true);
    const stopped = q.stop(5000);
    stopBegan();
    await stopped;
    expect(await effects("stopping")).toEqual([{ n: 5 }]);
  });

  it("ignores a second job with the same id", async () => {
    const q = await queue();
    const id = "4f1c1111-1111-4111-8111-111111111111";
    expect(await q.send("effect", { n: 1 }, { id, startAfter: 3600 })).toBe(id);
    expect(await q.send("effect", { n: 2 }, { id, startAfter: 3600 })).toBeNull();
    await q.cancel("effect", id);
  });
});

describe("jobs with a key (a reminder per event and participant)", () => {
  const waiting = async () =>
    rowsOf(
      await h.db.execute(
        sql`select singleton_key as key, (data->>'n')::int as n, start_after as start from pgboss.job
            where name = 'reminder' and state < 'active' order by singleton_key`,
      ),
      z.object({ key: z.string(), n: z.number(), start: z.union([z.date(), z.string()]) }),
    );
  const inOneHour = () => new Date(Date.now() + 3600_000);

  it("keeps one waiting job per key, moved when sent again, and cancels every key of an event", async () => {
    const q = await queue();
    await h.db.transaction(async (tx) => {
      await q.sendKeyed("reminder", "event:1:ann", { n: 1 }, { tx, startAfter: inOneHour() });
      await q.sendKeyed("reminder", "event:1:bea", { n: 1 }, { tx, startAfter: inOneHour() });
      await q.sendKeyed("reminder", "event:2:ann", { n: 1 }, { tx, startAfter: inOneHour() });
    });
    // Sent again (she joined twice; the event's time changed): still one, at the new time.
    const later = new Date(Date.now() + 7200_000);
    await h.db.transaction((tx) => q.sendKeyed("reminder", "event:1:ann", { n: 2 }, { tx, startAfter: later }));
    const rows = await waiting();
    expect(rows.map((r) => [r.key, r.n])).toEqual([
      ["event:1:ann", 2],
      ["event:1:bea", 1],
      ["event:2:ann", 1],
    ]);
    expect(Math.abs(new Date(rows[0]!.start).getTime() - later.getTime())).toBeLessThan(1000);
    // A move that rolls back leaves the job as it was.
    await h.db
      .transaction(async (tx) => {
        await q.sendKeyed("reminder", "event:1:ann", { n: 3 }, { tx, startAfter: inOneHour() });
        throw new Error("the edit failed");
      })
      .catch(() => {});
    expect((await waiting()).find((r) => r.key === "event:1:ann")?.n).toBe(2);
    // Event 1 is deleted: its reminders go, not event 2's ("event:1" is not a prefix of "event:10").
    await h.db.transaction((tx) => q.sendKeyed("reminder", "event:10:ann", { n: 1 }, { tx, startAfter: inOneHour() }));
    expect(await h.db.transaction((tx) => q.cancelKeyed("reminder", "event:1", { tx }))).toBe(2);
    expect((await waiting()).map((r) => r.key)).toEqual(["event:10:ann", "event:2:ann"]);
    expect(await q.cancelKeyed("reminder", "event:10:ann")).toBe(1);
    expect(await q.cancelKeyed("reminder", "event:2")).toBe(1);
  });

  it("runs a moved job once, at its new time", async () => {
    const q = await queue();
    await q.work("reminder", record("moved"));
    await h.db.transaction((tx) => q.sendKeyed("reminder", "event:3:ann", { n: 1 }, { tx, startAfter: inOneHour() }));
    await h.db.transaction((tx) => q.sendKeyed("reminder", "event:3:ann", { n: 2 }, { tx, startAfter: 1 }));
    await expect.poll(() => effects("moved"), { timeout: 8000, interval: 200 }).toEqual([{ n: 2 }]);
    await settled("reminder");
    expect(await effects("moved")).toEqual([{ n: 2 }]);
  });

  // The embedded database runs one transaction at a time: only Postgres can race them.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "keeps one waiting job for a key sent from four transactions at once",
    async () => {
      const q = await queue();
      const ids = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          h.db.transaction((tx) => q.sendKeyed("reminder", "event:4:ann", { n }, { tx, startAfter: inOneHour() })),
        ),
      );
      // A send that met another's uncommitted job gets null; one that came after it moved it.
      expect(ids.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      expect((await waiting()).filter((r) => r.key === "event:4:ann")).toHaveLength(1);
      await q.cancelKeyed("reminder", "event:4");
    },
  );
});

// On Postgres the two queues are two server instances; the embedded database is one process's, so
// there they are two queues in it (as a server's workers are).
describe("several workers on one database", () => {
  it("run each of 100 jobs exactly once between two workers", async () => {
    const a = await queue();
    const b = await queue();
    for (let n = 0; n < 100; n++) await (n % 2 ? a : b).send("effect", { n });
    await a.work("effect", record("shared"), { workers: 2 });
    await b.work("effect", record("shared"), { workers: 2 });
    await expect.poll(async () => (await effects("shared")).length, { timeout: 60_000, interval: 500 }).toBe(100);
    await settled("effect");
    const rows = await effects("shared");
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  }, 90_000);

  it("runs again, on another instance, a job whose worker died", async () => {
    const dying = await queue();
    const survivor = await queue();
    let started = 0;
    // The first instance takes the job and never finishes it (its process died).
    await dying.work("slow", async () => {
      started++;
      await new Promise(() => {});
    });
    const id = await dying.send("slow", {});
    await expect.poll(() => started, { timeout: 10_000 }).toBe(1);
    let finished = "";
    await survivor.work("slow", async (_p, job) => {
      finished = job.id;
    });
    // Its lease (expireInSeconds: 2) runs out, and the survivor runs it.
    await expect.poll(() => finished, { timeout: 20_000, interval: 300 }).toBe(id);
  }, 30_000);
});
