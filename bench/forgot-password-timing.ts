// Times POST /forgot-password for an e-mail that has an account and one that does not, alternating,
// and prints the medians: the answer must not tell them apart.
//   pnpm --filter @club/bench forgot-password-timing [requests of each kind, default 200]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "@club/api";
import { createDb } from "@club/db";
import { buildApp } from "@club/server";
import { BENCH_ORIGIN, benchConfig } from "./bench-server";

const runs = Number(process.argv[2] ?? 200);
const dataDir = mkdtempSync(join(tmpdir(), "club-bench-"));
const origin = BENCH_ORIGIN;
const db = await createDb(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {});
await db.migrate();
const app = await buildApp(
  // One address per request, so the per-address limit does not end the run.
  benchConfig(dataDir, { trustProxy: 1 }),
  // The link is made by a job; no worker runs here, so each request is timed alone.
  { db, workers: false, logger: false },
);
const known: string[] = [];
for (let i = 0; i < runs; i++) known.push(`member${i}@bench.local`);
for (const email of known) await createUser(db.db, { email, name: "Member", password: "bench-pass" });

async function time(email: string, i: number): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: "POST",
    url: "/forgot-password",
    payload: { email },
    headers: { origin, "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return ms;
}

const knownMs: number[] = [];
const unknownMs: number[] = [];
for (let i = 0; i < runs; i++) {
  knownMs.push(await time(known[i]!, 2 * i));
  unknownMs.push(await time(`nobody${i}@bench.local`, 2 * i + 1));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
console.log(`forgot-password on ${db.kind}, ${runs} requests of each kind:`);
console.log(`  known e-mail:   median ${median(knownMs).toFixed(2)} ms, p90 ${p90(knownMs).toFixed(2)} ms`);
console.log(`  unknown e-mail: median ${median(unknownMs).toFixed(2)} ms, p90 ${p90(unknownMs).toFixed(2)} ms`);
console.log(`  ratio of medians (known / unknown): ${(median(knownMs) / median(unknownMs)).toFixed(2)}`);
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
