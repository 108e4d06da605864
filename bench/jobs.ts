// Jobs per second and the wait from a job's due time to its start, on the embedded database and on
// Postgres (when one answers at DATABASE_URL or 127.0.0.1:5432), with the server's own queue.
//   pnpm --filter @club/bench jobs [jobs, default 500]
import { createDb, type DbHandle } from "@club/db";
import { sql } from "@club/db/orm";
import { type JobKindSpec, JobQueue } from "@club/jobs";
import { z } from "zod";

const count = Number(process.argv[2] ?? 500);
const kinds = {
  bench: {
    payload: z.object({ n: z.number(), due: z.number() }),
    options: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
    workers: 4,
  },
} satisfies Record<string, JobKindSpec>;
const quiet = { info() {}, warn() {}, error() {} };
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;

async function measure(name: string, handle: DbHandle) {
  const queue = new JobQueue({
    connection: handle.raw,
    kinds,
    log: quiet,
    pollingIntervalSeconds: 0.5,
    schedule: false,
  });
  await queue.start();
  const waits: number[] = [];
  let done = 0;
  let finished: () => void = () => {};
  const all = new Promise<void>((r) => {
    finished = r;
  });
  await queue.work("bench", async (p) => {
    waits.push(Date.now() - p.due);
    if (++done === count) finished();
  });
  const started = Date.now();
  for (let n = 0; n < count; n++) await queue.send("bench", { n, due: Date.now() });
  const sentIn = Date.now() - started;
  await all;
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${name.padEnd(9)} ${count} jobs: sent at ${Math.round(count / (sentIn / 1000))}/s, done in ${seconds.toFixed(1)} s ` +
      `(${Math.round(count / seconds)} jobs/s, 4 workers); due→start median ${percentile(waits, 0.5)} ms, p95 ${percentile(waits, 0.95)} ms`,
  );
  await queue.stop(2000);
}

const pglite = await createDb({});
await pglite.migrate();
await measure("PGlite", pglite);
await pglite.close();

const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const admin = await createDb({ databaseUrl: url }).catch(() => undefined);
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
