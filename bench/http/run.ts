// JSON routes against a bare Fastify serving the very same bodies, on Postgres and on the embedded
// database, in one run. Prints requests per second, the app/bare ratio and p99 latency per route.
//   pnpm --filter @club/bench http [--seconds 5] [--connections 32] [--only postgres|pglite] [--cpu-prof DIR]
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    only: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const here = fileURLToPath(new URL(".", import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Ready = { address: string; cookie?: string; eventId?: string };

/** Starts a TypeScript file in its own Node process and waits for its first IPC message. */
function start(file: string, argv: string[], env: NodeJS.ProcessEnv, execArgv: string[] = []) {
  const child = fork(join(here, file), argv, {
    env: { ...process.env, ...env },
    execArgv: ["--import", "tsx", ...execArgv],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, ready };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.disconnect();
  });
}

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: result.throughput.average / result.requests.average,
  };
}

async function benchOne(label: string, env: NodeJS.ProcessEnv) {
  const profDir = args["cpu-prof"] ? join(args["cpu-prof"], label.split(" ")[0]!) : undefined;
  const server = start("serve.ts", [], env, profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []);
  const app = await server.ready;
  const headers = { cookie: app.cookie! };
  const trpc = (path: string, input: unknown) =>
    `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const routes: [string, string][] = [
    ["GET /api/events (200 events)", "/api/events"],
    ["tRPC events.list (200 events)", trpc("events.list", {})],
    ["GET /api/events/{id} (one event)", `/api/events/${app.eventId}`],
    ["GET /api/comments (1,000 with likes)", `/api/comments?commentableId=${app.eventId}`],
    ["tRPC media.list (60 of 5,000)", trpc("media.list", {})],
    ["GET /auth-status", "/auth-status"],
    ["GET /user-details", "/user-details"],
  ];

  // The bodies the app answers, served as they are by the bare server.
  const answers: Record<string, { contentType: string; body: string }> = {};
  for (const [, path] of routes) {
    const res = await fetch(`${app.address}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    answers[path] = { contentType: res.headers.get("content-type") ?? "application/json", body: await res.text() };
  }
  const dir = mkdtempSync(join(tmpdir(), "club-bench-"));
  writeFileSync(join(dir, "answers.json"), JSON.stringify(answers));
  const bare = start("bare.ts", [join(dir, "answers.json")], {});
  const bareAt = (await bare.ready).address;

  console.log(`\n${label}: ${connections} connections, ${seconds} s per route`);
  console.log("| route | body | app req/s | bare req/s | app / bare | app p99 | bare p99 |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [name, path] of routes) {
    await load(`${app.address}${path}`, headers); // warm-up, not counted
    const a = await load(`${app.address}${path}`, headers);
    const b = await load(`${bareAt}${path}`, {});
    const kb = (answers[path]!.body.length / 1024).toFixed(1);
    console.log(
      `| ${name} | ${kb} KB | ${a.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${((100 * a.rps) / b.rps).toFixed(0)}% | ${a.p99} ms | ${b.p99} ms |`,
    );
  }
  await stop(bare.child);
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
  if (profDir) console.log(`CPU profile of the server: ${profDir}`);
}

const common = { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" };

if (args.only !== "pglite") {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe("drop database if exists club_bench with (force)");
  await admin.unsafe("create database club_bench");
  const url = new URL(ADMIN_URL);
  url.pathname = "/club_bench";
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-data-"));
  await benchOne("Postgres", { ...common, DATABASE_URL: url.toString(), DATA_DIR: dataDir });
  await admin.unsafe("drop database if exists club_bench with (force)");
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
if (args.only !== "postgres") {
  const dataDir = mkdtempSync(join(tmpdir(), "club-bench-data-"));
  await benchOne("PGlite (embedded)", { ...common, DATA_DIR: dataDir, DATABASE_URL: undefined });
  rmSync(dataDir, { recursive: true, force: true });
}
