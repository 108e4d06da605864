// Jobs per second and the wait from a job's due time to its start, on the embedded database and on
// Postgres (when one answers at DATABASE_URL or 127.0.0.1:5432), with the server's own queue, beside
// a bare SKIP LOCKED loop on the same database in the same run.
//   pnpm --filter @club/bench jobs [jobs, default 500]
import { createDb, type DbHandle, rowsOf } from "@club/db";
import { sql } from "@club/db/orm";
import { type JobKindSpec, JobQueue } from "@club/jobs";
import { z } from "zod";

const count = Number(process.argv[2] ?? 500);
const WORKERS = 4;
const kinds = {
  bench: {
    payload: z.object({ n: z.number(), due: z.number() }),
    options: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
    workers: WORKERS,
  },
} satisfies Record<string, JobKindSpec>;
const quiet = { info() {}, warn() {}, error() {} };
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;

interface Figures {
  perSecond: number;
  median: number;
  p95: number;
}

const line = (label: string, f: Figures) =>
  `${label.padEnd(34)} ${String(f.perSecond).padStart(5)} jobs/s; due→start median ${f.median} ms, p95 ${f.p95} ms`;

/** The club's queue: `count` jobs due now, worked by four workers as they are sent; then 20 delayed ones. */
async function queueFigures(handle: DbHandle): Promise<{ now: Figures; delayed: Figures }> {
  const queue = new JobQueue({
    connection: handle.raw,
    kinds,
    log: quiet,
    pollingIntervalSeconds: 0.5,
    schedule: false,
  });
  await queue.start();
  let waits: number[] = [];
  let expected = count;
  let finished: () => void = () => {};
  let all = new Promise<void>((r) => {
    finished = r;
  });
  await queue.work("bench", async (p) => {
    waits.push(Date.now() - p.due);
    if (waits.length === expected) finished();
  });
  const started = Date.now();
  for (let n = 0; n < count; n++) await queue.send("bench", { n, due: Date.now() });
  await all;
  const now = { perSecond: Math.round(count / ((Date.now() - started) / 1000)), ...spread(waits) };

  // Delayed jobs: how late after its run-at time a job starts (an idle worker asks every 0.5 s).
  // Twenty, due 100 ms apart from 2 s on: all are sent before the first is due.
  waits = [];
  expected = 20;
  all = new Promise<void>((r) => {
    finished = r;
  });
  const base = Date.now() + 2000;
  for (let n = 0; n < expected; n++) {
    const due = base + n * 100;
    await queue.send("bench", { n, due }, { startAfter: new Date(due) });
  }
  await all;
  await queue.stop(2000);
  return { now, delayed: { perSecond: 0, ...spread(waits) } };
}

/**
 * The bare floor: a table and four loops that each claim the next row with SKIP LOCKED and mark it
 * done (what the old outbox did, with nothing else: no retries, leases, archive or states).
 */
async function bareFigures(handle: DbHandle): Promise<Figures> {
  const { db } = handle;
  await db.execute(
    sql`create table bench_bare (id serial primary key, due bigint not null, done boolean not null default false)`,
  );
  const waits: number[] = [];
  const started = Date.now();
  // The workers run while the rows are inserted, as the queue's do while its jobs are sent.
  const worker = async () => {
    while (waits.length < count) {
      const rows = rowsOf(
        await db.execute(sql`update bench_bare set done = true where id = (
          select id from bench_bare where not done order by id for update skip locked limit 1) returning due`),
        // A bigint: text or a number, depending on the driver.
        z.object({ due: z.union([z.string(), z.number(), z.bigint()]) }),
      );
      if (rows[0]) waits.push(Date.now() - Number(rows[0].due));
      else await new Promise((r) => setTimeout(r, 1));
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  for (let n = 0; n < count; n++) await db.execute(sql`insert into bench_bare (due) values (${Date.now()})`);
  await Promise.all(workers);
  await db.execute(sql`drop table bench_bare`);
  return { perSecond: Math.round(count / ((Date.now() - started) / 1000)), ...spread(waits) };
}

const spread = (waits: number[]) => ({ median: percentile(waits, 0.5), p95: percentile(waits, 0.95) });

async function measure(name: string, handle: DbHandle) {
  const bare = await bareFigures(handle);
  const { now, delayed } = await queueFigures(handle);
  console.log(`\n${name}: ${count} jobs, ${WORKERS} workers`);
  console.log(line("bare SKIP LOCKED loop (baseline)", bare));
  console.log(`${line("job queue, due now", now)}  (${((now.perSecond / bare.perSecond) * 100).toFixed(0)}% of bare)`);
  console.log(
    `${"job queue, delayed (run-at → start)".padEnd(34)}       median ${delayed.median} ms, p95 ${delayed.p95} ms`,
  );
}

const pglite = await createDb({});
await pglite.migrate();
await measure("PGlite", pglite);
await pglite.close();

const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Postgres when one answers, else undefined (then only the embedded database is measured). */
async function postgres(databaseUrl: string): Promise<DbHandle | undefined> {
  try {
    const handle = await createDb({ databaseUrl });
    await handle.db.execute(sql`select 1`);
    return handle;
  } catch {
    return undefined;
  }
}
const admin = await postgres(url);
if (admin) {
  const name = `club_bench_${Date.now()}`;
  await admin.db.execute(sql.raw(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pg = await createDb({ databaseUrl: target.toString() });
  await pg.migrate();
  await measure("Postgres", pg);
  await pg.close();
  await admin.db.execute(sql.raw(`drop database ${name} with (force)`));
  await admin.close();
} else {
  console.log("No Postgres answered; only the embedded database was measured.");
}
