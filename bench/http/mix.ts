// What members get, rather than what the answer cache gets: 200 members, each with her own session,
// asking ~100 distinct URLs the SPA itself requests (its tRPC batches, made by the very client and
// transformer it uses), with a write (a comment, a like toggled, an RSVP) one request in 20, at
// random (a seeded generator, so runs are comparable), with a browser's Accept-Encoding. The club's
// server is measured with its caches on and off, each beside a bare Fastify serving the same
// (pre-compressed) bytes for the same URLs, in interleaved rounds (app, bare, app, bare…); the
// median round is printed.
//   pnpm --filter @club/bench mix [--seconds 10] [--rounds 3] [--connections 32] [--scale small|large]
//     [--only postgres|pglite] [--cpu-prof DIR] [--compare CHECKOUT]
// --compare measures another checkout's server too (its dependencies installed),
// on its own copy of the same club, in the same interleaved rounds (app, other, bare; then other,
// app, bare: the two take turns at going first, so use an even number of rounds): a change
// is then measured against what it changes on the same machine at the same moment, not against a
// figure from another run.
// Postgres at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the club is
// seeded once into club_bench_mix_seed, and each server runs on a fresh copy of it (club_bench_mix).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliDecompressSync } from "node:zlib";
import postgres from "postgres";
import { SERVER_NODE_FLAGS } from "../server-flags";
import { start, stop } from "./child";
import { budgetSaid, type CpuPerRequest, cpuSaid, medianCpu, withCpuUse } from "./cpu-use";
import { load, type Measure, type PerName, printSlowest, summary } from "./mix-measure";
import type { MixFixture, Scale } from "./mix-seed";
import { ACCEPT_ENCODING, newToggles, ORIGIN, traffic, WRITE_EVERY } from "./mix-traffic";
import { spaUrls } from "./mix-urls";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    scale: { type: "string", default: "small" },
    only: { type: "string" },
    "cpu-prof": { type: "string" },
    compare: { type: "string" },
  },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const scale = args.scale as Scale;
if (scale !== "small" && scale !== "large") throw new Error("--scale is small or large");
/** How long and how wide each round of traffic is. */
const roundSize = { connections, seconds };
const here = fileURLToPath(new URL(".", import.meta.url));
/** The other checkout's copy of this folder, whose server is measured beside this one's. */
const otherDir = args.compare ? join(args.compare, "bench", "http") : undefined;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Ready = { address: string; fixture?: MixFixture };

/** One request as sent: its bytes untouched (no decompression), as a browser's network layer gets them. */
function raw(
  base: string,
  req: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const r = http.request(new URL(req.path, base), { method: req.method, headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    r.on("error", reject);
    r.end(req.body);
  });
}

const METRICS_TOKEN = "bench-mix-metrics-token";

/** The server's answer cache's hits and misses so far (its metrics), or nothing with the cache off. */
async function keptAnswerCounts(base: string): Promise<{ hit: number; miss: number } | undefined> {
  const res = await raw(base, {
    method: "GET",
    path: "/metrics",
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = res.body.toString();
  const count = (result: string) =>
    Number(new RegExp(`club_answer_cache_requests_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? Number.NaN);
  const [hit, miss] = [count("hit"), count("miss")];
  return Number.isNaN(hit) || Number.isNaN(miss) ? undefined : { hit, miss };
}

interface Row {
  traffic: string;
  app: Measure;
  bare: Measure;
  /** The other checkout's server (--compare). */
  other?: Measure;
  /** The app's CPU a request, the median of its rounds'. */
  cpu?: CpuPerRequest;
  /** The issue's target for this setting, as a share of bare. */
  target?: number;
}

/**
 * One server (one database copy, one cache setting) beside the bare one, in rounds; with --compare,
 * the other checkout's server too, on its own copy (`otherEnv`).
 */
async function benchServer(
  label: string,
  env: NodeJS.ProcessEnv,
  fixture: MixFixture,
  otherEnv?: NodeJS.ProcessEnv,
): Promise<Row> {
  const profDir = args["cpu-prof"] ? join(args["cpu-prof"], label.replace(/[^a-z0-9]+/gi, "-")) : undefined;
  const other =
    otherDir && otherEnv ? start<Ready>("mix-serve.ts", [], otherEnv, SERVER_NODE_FLAGS, otherDir) : undefined;
  const otherAt = other ? (await other.ready).address : undefined;
  const server = start<Ready>("mix-serve.ts", [], env, [
    ...SERVER_NODE_FLAGS,
    ...(profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []),
  ]);
  const { address } = await server.ready;

  const reads = await spaUrls(address, fixture);
  // Every URL answers 200 (all its calls succeeded) to an admin, a Travel Host and a Standard member;
  // the Standard member's bytes are what the bare server sends.
  const answers: Record<string, { contentType: string; contentEncoding?: string; body: string }> = {};
  const askers = [fixture.members[0]!, fixture.members[11]!, fixture.members[5]!];
  for (const read of reads) {
    for (const asker of askers) {
      const res = await raw(address, {
        method: "GET",
        path: read.path,
        headers: { cookie: asker.cookie, "accept-encoding": ACCEPT_ENCODING },
      });
      if (res.status !== 200) throw new Error(`${read.name} (${read.path}): ${res.status} ${res.body.toString()}`);
      const encoding = res.headers["content-encoding"];
      answers[read.path] = {
        contentType: String(res.headers["content-type"] ?? "application/json"),
        ...(encoding ? { contentEncoding: String(encoding) } : {}),
        body: res.body.toString("base64"),
      };
    }
  }
  // What each server's database holds of the benchmark's likes and RSVPs, from its first write on.
  const appToggles = newToggles();
  const otherToggles = newToggles();
  // And each kind of write, once.
  const writes = traffic(reads, fixture, true, appToggles);
  for (let i = 0, seenKinds = new Set<string>(); seenKinds.size < 3 && i < 200; i++) {
    const req = writes();
    if (req.method !== "POST") continue;
    const res = await raw(address, req);
    if (res.status !== 200) throw new Error(`${req.name}: ${res.status} ${res.body.toString()}`);
    seenKinds.add(req.name.split(".")[1]!.replace("un", "").replace("leave", "join"));
  }
  const encodings = new Map<string, number>();
  for (const a of Object.values(answers))
    encodings.set(a.contentEncoding ?? "none", (encodings.get(a.contentEncoding ?? "none") ?? 0) + 1);
  const kb = Object.values(answers).reduce((s, a) => s + Buffer.from(a.body, "base64").length, 0) / 1024;
  // Answers of under 1 KB (the app's compression threshold) that went compressed all the same.
  const smallCompressedNames = reads
    .filter(({ path }) => {
      const a = answers[path]!;
      return a.contentEncoding === "br" && brotliDecompressSync(Buffer.from(a.body, "base64")).length < 1024;
    })
    .map((r) => r.name);
  const smallCompressed = smallCompressedNames.length;

  const dir = mkdtempSync(join(tmpdir(), "club-bench-mix-"));
  writeFileSync(join(dir, "answers.json"), JSON.stringify(answers));
  const bare = start<Ready>("mix-bare.ts", [join(dir, "answers.json")], {});
  const bareAt = (await bare.ready).address;

  console.log(
    `\n${label}: ${reads.length} URLs answered 200 (${[...encodings].map(([e, n]) => `${n} ${e}`).join(", ")}; ${(kb / reads.length).toFixed(1)} KB each on average as sent; ${smallCompressed} under 1 KB compressed), a write 1 in ${WRITE_EVERY}`,
  );
  if (smallCompressed > 0) console.log(`  compressed under 1 KB: ${[...new Set(smallCompressedNames)].join(", ")}`);
  const perName: PerName = new Map();
  const otherPerName: PerName = new Map();
  await load(address, traffic(reads, fixture, true, appToggles), roundSize); // warm-up, not counted
  if (otherAt) await load(otherAt, traffic(reads, fixture, true, otherToggles), roundSize);
  const appRounds: Measure[] = [];
  const bareRounds: Measure[] = [];
  const otherRounds: Measure[] = [];
  // On the embedded database the server's process holds the database too: no Postgres to count.
  const onPostgres = env.DATABASE_URL !== undefined;
  /** What each round cost in CPU, per request (where /proc can be read). */
  const appCpu: CpuPerRequest[] = [];
  const otherCpu: CpuPerRequest[] = [];
  const keptBefore = await keptAnswerCounts(address);
  const said = (m: Measure) =>
    `${m.rps.toFixed(0)} req/s (p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.failed} failed${m.failed ? `: ${m.kinds}` : ""})`;
  for (let round = 0; round < rounds; round++) {
    // With --compare the two servers take turns at going first: measured in a fixed order, the
    // second of each round was the faster one by 7–10% (caches on) whichever checkout it was.
    const otherFirst = otherAt !== undefined && round % 2 === 1;
    const otherRound = async () => {
      if (!otherAt) return;
      const { result, cpu } = await withCpuUse(
        other?.child.pid,
        onPostgres,
        () => load(otherAt, traffic(reads, fixture, true, otherToggles), roundSize, otherPerName),
        (m) => m.answered,
      );
      otherRounds.push(result);
      if (cpu) otherCpu.push(cpu);
    };
    if (otherFirst) await otherRound();
    const { result: appRound, cpu } = await withCpuUse(
      server.child.pid,
      onPostgres,
      () => load(address, traffic(reads, fixture, true, appToggles), roundSize, perName),
      (m) => m.answered,
    );
    appRounds.push(appRound);
    if (cpu) appCpu.push(cpu);
    if (!otherFirst) await otherRound();
    bareRounds.push(await load(bareAt, traffic(reads, fixture, false), roundSize));
    const [a, o, b] = [appRounds.at(-1)!, otherRounds.at(-1), bareRounds.at(-1)!];
    console.log(
      `  round ${round + 1}: app ${said(a)}${o ? `, other ${said(o)}` : ""}, bare ${b.rps.toFixed(0)} req/s; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    if (cpu) console.log(`    app's ${cpuSaid(cpu)}`);
    if (o && otherCpu.length === round + 1) console.log(`    other's ${cpuSaid(otherCpu.at(-1)!)}`);
  }
  const kept = await keptAnswerCounts(address);
  if (kept && keptBefore) {
    const hit = kept.hit - keptBefore.hit;
    const asked = hit + kept.miss - keptBefore.miss;
    console.log(
      `  kept answers over the rounds: ${hit} of ${asked} asked served kept (${asked ? ((100 * hit) / asked).toFixed(0) : 0}%)`,
    );
  }
  await stop(bare.child);
  await stop(server.child);
  if (other) await stop(other.child);
  rmSync(dir, { recursive: true, force: true });

  printSlowest("app", perName);
  if (otherAt) printSlowest("other", otherPerName);

  if (profDir) {
    // The server's main thread (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile, thread 0): its
    // workers (the loader's, the database's) are idle nearly all the time and would only blur it.
    for (const file of readdirSync(profDir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))) {
      console.log(`\n  CPU profile of the server (${join(profDir, file)}):`);
      spawnSync(process.execPath, ["--import", "tsx", join(here, "profile-summary.ts"), join(profDir, file), "15"], {
        stdio: "inherit",
      });
    }
  }
  return {
    traffic: label,
    app: summary(appRounds),
    bare: summary(bareRounds),
    ...(appCpu.length ? { cpu: medianCpu(appCpu) } : {}),
    ...(otherRounds.length ? { other: summary(otherRounds) } : {}),
  };
}

const common = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "info",
  APP_ORIGIN: ORIGIN,
  METRICS_TOKEN,
};
const cachesOff = { ANSWER_CACHE_SECONDS: "0", SESSION_CACHE_SECONDS: "0" };
/** Each setting with its target share of the bare server (issue "Speed that real traffic sees"). */
const settings = [
  { name: "caches on", env: {}, target: 0.25 },
  { name: "caches off", env: cachesOff, target: 0.08 },
];

/** Seeds the club with a server of its own (stopped before the copies are made). */
async function seed(env: NodeJS.ProcessEnv): Promise<MixFixture> {
  const started = Date.now();
  const seeder = start<Ready>("mix-serve.ts", ["--seed", scale], env);
  const { fixture } = await seeder.ready;
  await stop(seeder.child);
  console.log(`(seeded the ${scale} club in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return fixture!;
}

const rows: Row[] = [];
const loadBefore = loadavg();
console.log(
  `Realistic mix, ${scale} club: ${connections} connections, ${seconds} s a round, median of ${rounds} interleaved rounds (app, bare, …); ${cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
);

if (args.only !== "pglite") {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const dbUrl = (name: string) => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dropCopies = async () => {
    await admin.unsafe("drop database if exists club_bench_mix with (force)");
    await admin.unsafe("drop database if exists club_bench_mix_other with (force)");
  };
  await dropCopies();
  await admin.unsafe("drop database if exists club_bench_mix_seed with (force)");
  await admin.unsafe("create database club_bench_mix_seed");
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-mix-data-"));
  try {
    const fixture = await seed({ ...common, DATABASE_URL: dbUrl("club_bench_mix_seed"), DATA_DIR: dataDir });
    // A club's database has its statistics and visibility map (autovacuum keeps them); a copy taken
    // the moment the rows went in has neither, and Postgres then plans blind (a member's home took
    // 30 s at the large scale). Each copy below inherits them.
    const seeded = postgres(dbUrl("club_bench_mix_seed"), { max: 1, onnotice: () => {} });
    await seeded.unsafe("vacuum (analyze)");
    await seeded.end();
    for (const s of settings) {
      await admin.unsafe("create database club_bench_mix template club_bench_mix_seed");
      if (otherDir) await admin.unsafe("create database club_bench_mix_other template club_bench_mix_seed");
      rows.push({
        ...(await benchServer(
          `Postgres, ${s.name}`,
          { ...common, ...s.env, DATABASE_URL: dbUrl("club_bench_mix"), DATA_DIR: dataDir },
          fixture,
          { ...common, ...s.env, DATABASE_URL: dbUrl("club_bench_mix_other"), DATA_DIR: dataDir },
        )),
        target: s.target,
      });
      await dropCopies();
    }
  } finally {
    await dropCopies();
    await admin.unsafe("drop database if exists club_bench_mix_seed with (force)");
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (args.only !== "postgres") {
  const seedDir = mkdtempSync(join(tmpdir(), "club-bench-mix-data-"));
  const fixture = await seed({ ...common, DATA_DIR: seedDir, DATABASE_URL: undefined });
  for (const s of settings) {
    const [dataDir, otherDataDir] = [0, 1].map(() => {
      const dir = mkdtempSync(join(tmpdir(), "club-bench-mix-data-"));
      cpSync(seedDir, dir, { recursive: true });
      return dir;
    }) as [string, string];
    rows.push({
      ...(await benchServer(
        `PGlite, ${s.name}`,
        { ...common, ...s.env, DATA_DIR: dataDir, DATABASE_URL: undefined },
        fixture,
        { ...common, ...s.env, DATA_DIR: otherDataDir, DATABASE_URL: undefined },
      )),
      target: s.target,
    });
    for (const dir of [dataDir, otherDataDir]) rmSync(dir, { recursive: true, force: true });
  }
  rmSync(seedDir, { recursive: true, force: true });
}

console.log(
  `\nRealistic mix, ${scale} club (${connections} connections, ${seconds} s a round, median of ${rounds}; ${cpus().length} CPUs, load before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")})`,
);
console.log(
  "| traffic | app req/s | bare req/s | app / bare | p50 (app / bare) | p99 (app / bare) | failed (app / bare) |",
);
console.log("|---|---|---|---|---|---|---|");
for (const { traffic: name, app, bare, other } of rows) {
  if (other)
    console.log(
      `| ${name}, ${args.compare} | ${other.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | ${((100 * other.rps) / bare.rps).toFixed(1)}% | ${other.p50} / ${bare.p50} ms | ${other.p99} / ${bare.p99} ms | ${other.failed} / ${bare.failed} |`,
    );
  console.log(
    `| ${name} | ${app.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | ${((100 * app.rps) / bare.rps).toFixed(1)}% | ${app.p50} / ${bare.p50} ms | ${app.p99} / ${bare.p99} ms | ${app.failed} / ${bare.failed} |`,
  );
}
// What the machine allows: each row's CPU a request (median of its rounds) and what its target
// would leave. The embedded database runs inside the server's process, so there the server's
// figure includes it.
for (const { traffic: name, bare, cpu, target } of rows) {
  if (!cpu || target === undefined) continue;
  console.log(`\n${name}: ${cpuSaid(cpu)}.\n  ${budgetSaid(target, bare.rps, cpu)}.`);
}
