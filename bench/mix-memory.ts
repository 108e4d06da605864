// The built server's memory under the realistic mix, on Postgres and on the embedded default: its
// RSS idle after it starts on a seeded club, at the peak of --load-seconds of the mix (200 members,
// the SPA's own URLs, a write one request in 20, 32 connections, caches on as shipped), and
// --after-seconds later, with V8's heap and the answer cache's requests beside it (its metrics).
// RSS is read from outside (/proc), with no collection forced: what `top` shows an operator.
//   pnpm --filter @club/bench mix-memory [--load-seconds 300] [--after-seconds 60] [--connections 32]
//     [--only postgres|pglite] [--trace-gc FILE]
// --trace-gc runs the server with Node's --trace-gc and writes its collections to FILE (one per database).
// (builds the server first). Postgres at BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), database club_bench_memory (dropped at the end).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { type Built, rssOf, startBuilt, stopBuilt } from "./http/built";
import { start, stop } from "./http/child";
import { load } from "./http/mix-measure";
import type { MixFixture } from "./http/mix-seed";
import { ORIGIN, traffic } from "./http/mix-traffic";
import { spaUrls } from "./http/mix-urls";

const { values: args } = parseArgs({
  options: {
    "load-seconds": { type: "string", default: "300" },
    "after-seconds": { type: "string", default: "60" },
    connections: { type: "string", default: "32" },
    only: { type: "string" },
    "trace-gc": { type: "string" },
  },
});
const loadSeconds = Number(args["load-seconds"]);
const afterSeconds = Number(args["after-seconds"]);
const connections = Number(args.connections);
const root = fileURLToPath(new URL("..", import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const METRICS_TOKEN = "bench-memory-metrics-token";
const common = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "warn",
  APP_ORIGIN: ORIGIN,
  METRICS_TOKEN,
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load3 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Reads RSS a second apart until two readings differ by less than 1 MB: the process is idle. */
async function settled(pid: number): Promise<number> {
  let last = rssOf(pid);
  for (let i = 0; i < 30; i++) {
    await sleep(1000);
    const now = rssOf(pid);
    if (Math.abs(now - last) < 1024 * 1024) return now;
    last = now;
  }
  return last;
}

/** V8's heap in use and the answer cache's hits, as the server's own metrics tell. */
async function metrics(address: string) {
  const res = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const value = (pattern: string) => Number(new RegExp(`^${pattern} ([0-9.e+]+)`, "m").exec(text)?.[1] ?? Number.NaN);
  return {
    heapUsed: value("nodejs_heap_size_used_bytes"),
    heapTotal: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
    hits: value('club_answer_cache_requests_total\\{result="hit"\\}'),
    misses: value('club_answer_cache_requests_total\\{result="miss"\\}'),
  };
}

async function seed(env: NodeJS.ProcessEnv): Promise<MixFixture> {
  const seeder = start<{ fixture: MixFixture }>("mix-serve.ts", ["--seed", "small"], env);
  const { fixture } = await seeder.ready;
  await stop(seeder.child);
  return fixture;
}

/** Idle, loaded, rested: one database's figures. */
async function measure(label: string, env: NodeJS.ProcessEnv, fixture: MixFixture): Promise<string> {
  let server: Built | undefined;
  try {
    const trace = args["trace-gc"];
    server = await startBuilt(
      { ...common, ...env },
      trace ? ["--trace-gc"] : [],
      trace ? `${trace}.${label}` : undefined,
    );
    const pid = server.child.pid!;
    const idle = await settled(pid);
    const idleHeap = (await metrics(server.address)).heapUsed;
    const reads = await spaUrls(server.address, fixture);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 1000);
    const m = await load(server.address, traffic(reads, fixture, true), { connections, seconds: loadSeconds });
    clearInterval(sampler);
    const loaded = await metrics(server.address);
    await sleep(afterSeconds * 1000);
    const after = rssOf(pid);
    const rested = await metrics(server.address);
    const served = loaded.hits / Math.max(1, loaded.hits + loaded.misses);
    console.log(
      `\n${label}: ${m.answered} requests in ${loadSeconds} s over ${reads.length} URLs (${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, ${m.failed} failed; ${(100 * served).toFixed(0)}% of keepable answers served kept); load ${load3()}`,
    );
    console.log(
      `  RSS idle ${mb(idle)} MB (V8 heap ${mb(idleHeap)}), peak ${mb(peak)} MB, ${afterSeconds} s after ${mb(after)} MB (V8 heap ${mb(rested.heapUsed)} of ${mb(rested.heapTotal)}, external ${mb(rested.external)}): ${(after / idle).toFixed(2)}x idle`,
    );
    return `memory ${label} ${mb(idle)} MB idle, ${mb(after)} MB ${afterSeconds} s after the load: ${(after / idle).toFixed(2)}x`;
  } finally {
    if (server) await stopBuilt(server.child);
  }
}

console.log(
  `The server's memory under the realistic mix (small club, ${connections} connections, ${loadSeconds} s, then ${afterSeconds} s at rest); ${cpus().length} CPUs, load ${load3()}`,
);
const built = spawnSync("pnpm", ["-s", "turbo", "run", "build", "--filter=@club/server...", "--filter=@club/web"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
if (built.status !== 0) throw new Error("the server's build failed");

const lines: string[] = [];
if (args.only !== "pglite") {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const url = new URL(ADMIN_URL);
  url.pathname = "/club_bench_memory";
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-memory-"));
  try {
    await admin.unsafe("drop database if exists club_bench_memory with (force)");
    await admin.unsafe("create database club_bench_memory");
    const env = { ...common, DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    const fixture = await seed(env);
    // Statistics and a visibility map, as autovacuum keeps a club's database.
    const seeded = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await seeded.unsafe("vacuum (analyze)");
    await seeded.end();
    lines.push(await measure("postgres", env, fixture));
  } finally {
    await admin.unsafe("drop database if exists club_bench_memory with (force)");
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (args.only !== "postgres") {
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-memory-"));
  try {
    // The embedded database whatever this shell has set.
    const env = { ...common, DATABASE_URL: undefined, DATA_DIR: dataDir };
    const fixture = await seed(env);
    lines.push(await measure("embedded", env, fixture));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nRSS a minute after the mix against idle (load ${load3()}):`);
for (const line of lines) console.log(line);
