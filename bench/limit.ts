// The club's server against the dynamic limit: what the same SQL costs in a minimal server
// (http/limit-serve.ts: Fastify, postgres.js, JSON.stringify, the same compression, a session
// lookup), the statements captured from the app itself (http/limit-capture.ts). For the mix's
// heaviest URLs and their mix, the built server (run as `pnpm start` runs it) with its caches on
// and off and the limit are asked in interleaved rounds (the order turning each round), 200
// members each with her session, a browser's Accept-Encoding; the median round is printed. Each
// line ends in the server's CPU a request, app ÷ limit, from the kernel's accounting; Postgres's
// is counted for each server's own database's backends alone (each server has a copy of its own),
// and printed beside it: equal, it says the two sent the same SQL.
//   pnpm --filter @club/bench limit [--seconds 5] [--rounds 3] [--connections 32] [--scale small|large]
//     [--only TEXT] [--cpu-prof DIR]
// --only measures the targets whose name holds TEXT; --cpu-prof writes the servers' CPU profiles there
// and prints where their time went.
// Postgres at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), databases
// club_bench_limit_* (dropped at the end).
import { type ChildProcess, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serialize } from "node:v8";
import postgres from "postgres";
import { startBuilt, stopBuilt } from "./http/built";
import { median, start, stop } from "./http/child";
import { processSeconds } from "./http/cpu-use";
import { captureStatements } from "./http/limit-capture";
import { load, type Measure } from "./http/mix-measure";
import { type MixFixture, rng, type Scale } from "./http/mix-seed";
import type { Req } from "./http/mix-traffic";
import { ACCEPT_ENCODING, ORIGIN } from "./http/mix-traffic";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    scale: { type: "string", default: "small" },
    only: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const scale = args.scale as Scale;
if (scale !== "small" && scale !== "large") throw new Error("--scale is small or large");
const rounds = Number(args.rounds);
const roundSize = { connections: Number(args.connections), seconds: Number(args.seconds) };
const root = fileURLToPath(new URL("..", import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const common = { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", APP_ORIGIN: ORIGIN };
const cachesOff = { ANSWER_CACHE_SECONDS: "0", SESSION_CACHE_SECONDS: "0" };

interface Server {
  name: string;
  child: ChildProcess;
  address: string;
  database: string;
}

/** The built server, as `pnpm start` runs it, on its own copy of the club. */
async function startOn(name: string, database: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const profile = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${join(args["cpu-prof"], name)}`] : [];
  const { child, address } = await startBuilt({ ...common, ...env, DATABASE_URL: dbUrl(database) }, profile);
  return { name, child, address, database };
}

const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
/** The backends serving one database now: a server's own share of Postgres. */
const backendsOf = async (database: string) =>
  (await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database}`).map((r) => r.pid);

interface Cost {
  rps: number;
  /** CPU milliseconds a request: the server's process, its database's backends. */
  server: number;
  postgres: number;
  failed: number;
}

/** One round against one server, with what it cost the server and its database's backends. */
async function measured(server: Server, next: () => Req): Promise<Cost> {
  const pidsBefore = await backendsOf(server.database);
  const pgBefore = new Map(pidsBefore.map((pid) => [pid, processSeconds(pid) ?? 0]));
  const serverBefore = processSeconds(server.child.pid!)!;
  const m: Measure = await load(server.address, next, roundSize);
  const serverAfter = processSeconds(server.child.pid!)!;
  const pidsAfter = new Set([...pidsBefore, ...(await backendsOf(server.database))]);
  // A backend that began during the round counts from zero; one that ended took its time with it.
  let pg = 0;
  for (const pid of pidsAfter) pg += (processSeconds(pid) ?? pgBefore.get(pid) ?? 0) - (pgBefore.get(pid) ?? 0);
  const perRequest = (s: number) => (1000 * s) / Math.max(1, m.answered);
  return { rps: m.rps, server: perRequest(serverAfter - serverBefore), postgres: perRequest(pg), failed: m.failed };
}

/** Requests for one URL, or for several at random, each as one of the members at random (seeded). */
function traffic(paths: string[], fixture: MixFixture): () => Req {
  const random = rng(20_61);
  return () => ({
    name: "read",
    method: "GET",
    path: paths[Math.floor(random() * paths.length)]!,
    headers: {
      cookie: fixture.members[Math.floor(random() * fixture.members.length)]!.cookie,
      "accept-encoding": ACCEPT_ENCODING,
    },
  });
}

const loadBefore = loadavg();
console.log(
  `The dynamic limit, ${scale} club: ${roundSize.connections} connections, ${roundSize.seconds} s a round, median of ${rounds} interleaved rounds; ${cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
);
const built = spawnSync("pnpm", ["-s", "turbo", "run", "build", "--filter=@club/server...", "--filter=@club/web"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
if (built.status !== 0) throw new Error("the server's build failed");

const copies = ["club_bench_limit_on", "club_bench_limit_off", "club_bench_limit_min"];
const dropAll = async () => {
  for (const name of [...copies, "club_bench_limit_seed"])
    await admin.unsafe(`drop database if exists ${name} with (force)`);
};
await dropAll();
const dataDir = mkdtempSync(join(tmpdir(), "club-bench-limit-"));
const servers: Server[] = [];
const limitServer: { child?: ChildProcess } = {};
try {
  await admin.unsafe("create database club_bench_limit_seed");
  const started = Date.now();
  const seeder = start<{ fixture: MixFixture }>("mix-serve.ts", ["--seed", scale], {
    ...common,
    DATABASE_URL: dbUrl("club_bench_limit_seed"),
    DATA_DIR: dataDir,
  });
  const { fixture } = await seeder.ready;
  await stop(seeder.child);
  const seeded = postgres(dbUrl("club_bench_limit_seed"), { max: 1, onnotice: () => {} });
  // Statistics and a visibility map, as a club's database has them (autovacuum): each copy inherits them.
  await seeded.unsafe("vacuum (analyze)");
  await seeded.end();
  for (const name of copies) await admin.unsafe(`create database ${name} template club_bench_limit_seed`);
  console.log(`(seeded the ${scale} club in ${((Date.now() - started) / 1000).toFixed(0)} s)`);

  const capture = await captureStatements(
    { ...common, ...cachesOff, DATABASE_URL: dbUrl("club_bench_limit_min"), DATA_DIR: dataDir },
    fixture,
    ORIGIN,
    ACCEPT_ENCODING,
  );
  const captureFile = join(dataDir, "capture.bin");
  writeFileSync(captureFile, serialize(capture));
  const sent = (path: string) =>
    median(
      Object.entries(capture.statements)
        .filter(([key]) => key.endsWith(` ${path}`))
        .map(([, s]) => s.length),
    );
  for (const { name, path } of capture.urls) console.log(`  ${name}: ${path.split("?")[0]}, ${sent(path)} statements`);
  for (const write of capture.writes) console.log(`  written on every ask: ${write}`);

  servers.push(await startOn("caches-on", "club_bench_limit_on", { DATA_DIR: dataDir }));
  servers.push(await startOn("caches-off", "club_bench_limit_off", { ...cachesOff, DATA_DIR: dataDir }));
  const limit = start<{ address: string }>(
    "limit-serve.ts",
    [captureFile],
    { DATABASE_URL: dbUrl("club_bench_limit_min") },
    args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${join(args["cpu-prof"], "limit")}`] : [],
  );
  limitServer.child = limit.child;
  servers.push({
    name: "limit",
    child: limit.child,
    address: (await limit.ready).address,
    database: "club_bench_limit_min",
  });

  const targets = [
    ...capture.urls.map((u) => ({ name: u.name, paths: [u.path] })),
    { name: "mix", paths: capture.urls.map((u) => u.path) },
  ].filter((t) => !args.only || t.name.includes(args.only));
  const lines: string[] = [];
  for (const target of targets) {
    const costs = new Map<string, Cost[]>(servers.map((s) => [s.name, []]));
    // Warm-up, not counted: the servers' code optimized, the pools and caches filled.
    for (const server of servers)
      await load(server.address, traffic(target.paths, fixture), { ...roundSize, seconds: 2 });
    for (let round = 0; round < rounds; round++) {
      // Each server goes first in turn: a fixed order favoured the one after the warmest.
      for (let i = 0; i < servers.length; i++) {
        const server = servers[(i + round) % servers.length]!;
        costs.get(server.name)!.push(await measured(server, traffic(target.paths, fixture)));
      }
    }
    const med = (name: string) => {
      const c = costs.get(name)!;
      return {
        rps: median(c.map((x) => x.rps)),
        server: median(c.map((x) => x.server)),
        postgres: median(c.map((x) => x.postgres)),
        failed: c.reduce((n, x) => n + x.failed, 0),
      };
    };
    const lim = med("limit");
    const said = (c: ReturnType<typeof med>) =>
      `server ${c.server.toFixed(2)} ms, Postgres ${c.postgres.toFixed(2)} ms a request, ${c.rps.toFixed(0)} req/s${c.failed ? `, ${c.failed} failed` : ""}`;
    console.log(`\n${target.name}: limit ${said(lim)}`);
    for (const setting of ["caches-off", "caches-on"]) {
      const app = med(setting);
      console.log(`  app ${setting}: ${said(app)}`);
      lines.push(`limit ${target.name} ${setting} ${(app.server / lim.server).toFixed(2)}x`);
    }
  }
  console.log(
    `\nServer CPU a request, app ÷ limit (load before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}):`,
  );
  for (const line of lines) console.log(line);
} finally {
  for (const server of servers) {
    if (server.name === "limit") await stop(server.child);
    else await stopBuilt(server.child);
  }
  if (limitServer.child && !servers.some((s) => s.child === limitServer.child)) await stop(limitServer.child);
  await dropAll();
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
if (args["cpu-prof"]) {
  // Each app server's main thread (thread 0 of CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile).
  for (const name of ["caches-off", "caches-on", "limit"]) {
    const dir = join(args["cpu-prof"], name);
    for (const file of readdirSync(dir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))) {
      console.log(`\nCPU profile of the app, ${name} (${join(dir, file)}):`);
      spawnSync(
        process.execPath,
        ["--import", "tsx", join(root, "bench/http/profile-summary.ts"), join(dir, file), "20"],
        {
          stdio: "inherit",
        },
      );
    }
  }
}
