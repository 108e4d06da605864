// JSON routes against a bare Fastify serving the very same bodies, on Postgres and on the embedded
// database, in one run. Each route is measured in rounds, app and bare in turn (so a machine that
// slows down mid-run slows both), and the median round is printed: requests per second, the
// app/bare ratio, p99 latency, and the requests that failed (socket errors, timeouts, non-2xx),
// counted beside the figures rather than ending the run.
//   pnpm --filter @club/bench http [--seconds 5] [--rounds 3] [--connections 32] [--only postgres|pglite]
//     [--caches on|off|both] [--route TEXT] [--cpu-prof DIR]
// --route measures only the routes whose name contains TEXT (a profile of one route's work).
// On Postgres the server runs with its caches on (one member asking one URL again is answered from
// the answer cache: the figure of a kept answer) and then off (every request builds its answer:
// the figure of a first request), each on a freshly seeded database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { SERVER_NODE_FLAGS } from "../server-flags";
import { median, start, stop } from "./child";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    only: { type: "string" },
    caches: { type: "string", default: "both" },
    route: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Ready = { address: string; cookie?: string; eventId?: string };

interface Measure {
  rps: number;
  p99: number;
  /** Requests that got no answer (socket errors, resets, timeouts) or a non-2xx one. */
  failed: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Measure> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.non2xx };
}

/** The median of each figure over the rounds, and every failure of every round. */
const summary = (measures: Measure[]): Measure => ({
  rps: median(measures.map((m) => m.rps)),
  p99: median(measures.map((m) => m.p99)),
  failed: measures.reduce((sum, m) => sum + m.failed, 0),
});

async function benchOne(label: string, env: NodeJS.ProcessEnv) {
  const profDir = args["cpu-prof"] ? join(args["cpu-prof"], label.replace(/[^A-Za-z]+/g, "-")) : undefined;
  const server = start<Ready>("serve.ts", [], env, [
    ...SERVER_NODE_FLAGS,
    ...(profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []),
  ]);
  const app = await server.ready;
  if (env.DATABASE_URL) {
    // Statistics and the visibility map, as autovacuum keeps them on a club's database (mix.ts).
    const seeded = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await seeded.unsafe("vacuum (analyze)");
    await seeded.end();
  }
  const headers = { cookie: app.cookie! };
  const trpc = (path: string, input: unknown) =>
    `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const allRoutes: [string, string][] = [
    ["GET /api/events (200 events)", "/api/events"],
    ["tRPC events.list (200 events)", trpc("events.list", {})],
    ["GET /api/events/{id} (one event)", `/api/events/${app.eventId}`],
    ["GET /api/comments (1,000 with likes)", `/api/comments?commentableId=${app.eventId}`],
    ["tRPC media.list (60 of 5,000)", trpc("media.list", {})],
    ["GET /api/media (1,000 of 5,000)", "/api/media"],
    // The "empty list costs three times a session look-up": an event with no media.
    ["GET /api/media (empty: an event without media)", `/api/media?eventId=${app.eventId}`],
    ["GET /auth-status", "/auth-status"],
    ["GET /user-details", "/user-details"],
  ];
  const routes = allRoutes.filter(([name]) => !args.route || name.includes(args.route));

  // The bodies the app answers, served as they are by the bare server.
  const answers: Record<string, { contentType: string; body: string }> = {};
  for (const [, path] of routes) {
    const res = await fetch(`${app.address}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    answers[path] = { contentType: res.headers.get("content-type") ?? "application/json", body: await res.text() };
  }
  const dir = mkdtempSync(join(tmpdir(), "club-bench-"));
  writeFileSync(join(dir, "answers.json"), JSON.stringify(answers));
  const bare = start<Ready>("bare.ts", [join(dir, "answers.json")], {});
  const bareAt = (await bare.ready).address;

  console.log(
    `\n${label}: ${connections} connections, ${seconds} s per route, median of ${rounds} rounds; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log("| route | body | app req/s | bare req/s | app / bare | app p99 | bare p99 | failed (app / bare) |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [name, path] of routes) {
    await load(`${app.address}${path}`, headers); // warm-up, not counted
    const appRounds: Measure[] = [];
    const bareRounds: Measure[] = [];
    for (let round = 0; round < rounds; round++) {
      appRounds.push(await load(`${app.address}${path}`, headers));
      bareRounds.push(await load(`${bareAt}${path}`, {}));
    }
    const a = summary(appRounds);
    const b = summary(bareRounds);
    const kb = ((answers[path]?.body.length ?? 0) / 1024).toFixed(1);
    console.log(
      `| ${name} | ${kb} KB | ${a.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${((100 * a.rps) / b.rps).toFixed(0)}% | ${a.p99} ms | ${b.p99} ms | ${a.failed} / ${b.failed} |`,
    );
  }
  await stop(bare.child);
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
  if (profDir) console.log(`CPU profile of the server: ${profDir}`);
}

const common = { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" };

if (!["on", "off", "both"].includes(args.caches)) throw new Error("--caches is on, off or both");
const cachesOff = { ANSWER_CACHE_SECONDS: "0", SESSION_CACHE_SECONDS: "0" };
const cacheRuns = [
  { name: "caches on", env: {}, run: args.caches !== "off" },
  { name: "caches off", env: cachesOff, run: args.caches !== "on" },
].filter((c) => c.run);

if (args.only !== "pglite") {
  for (const caches of cacheRuns) {
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe("drop database if exists club_bench with (force)");
    await admin.unsafe("create database club_bench");
    const url = new URL(ADMIN_URL);
    url.pathname = "/club_bench";
    const dataDir = mkdtempSync(join(tmpdir(), "club-bench-data-"));
    await benchOne(`Postgres, ${caches.name}`, {
      ...common,
      ...caches.env,
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
    });
    await admin.unsafe("drop database if exists club_bench with (force)");
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (args.only !== "postgres") {
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-data-"));
  await benchOne("PGlite (embedded)", { ...common, DATA_DIR: dataDir, DATABASE_URL: undefined });
  rmSync(dataDir, { recursive: true, force: true });
}
