// How much memory the built server holds on the embedded database (PGlite), beside a bare Node
// process measured in the same run: once idle after its first start (migrated, demo data made),
// and again after a light workload, or, with --load-seconds, after sustained load (16 members at
// once reading many URLs, a comment written one request in 20) and --after-seconds of rest; then
// idle once more after a restart on the same data, where a club's server spends its life. Figures
// come from inside each process (memory-probe.mjs, over IPC): RSS as the kernel counts it, V8's
// heap, external and array buffers, and the WebAssembly memory (PGlite's Postgres heap, which never
// shrinks once grown).
//   pnpm --filter @club/bench pglite-memory [requests, default 400] [server bundle, default apps/server/dist/main.js]
//     [--load-seconds 300 --after-seconds 60]
// (after `pnpm start` built it once; another bundle, such as a copy of an earlier build, compares two builds)
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SERVER_NODE_FLAGS } from "./server-flags";

const root = fileURLToPath(new URL("..", import.meta.url));
const probe = fileURLToPath(new URL("./memory-probe.mjs", import.meta.url));
const { values: args, positionals } = parseArgs({
  options: {
    "load-seconds": { type: "string", default: "0" },
    "after-seconds": { type: "string", default: "60" },
  },
  allowPositionals: true,
});
const requests = Number(positionals[0] ?? 400);
const main = positionals[1] ?? join(root, "apps/server/dist/main.js");
const loadSeconds = Number(args["load-seconds"]);
const afterSeconds = Number(args["after-seconds"]);

type Figures = Record<"rss" | "heapUsed" | "heapTotal" | "external" | "arrayBuffers" | "wasm", number>;

function measure(child: ChildProcess): Promise<Figures> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m as Figures));
    child.send("measure");
  });
}

/** Measures until two readings a second apart differ by less than 1 MB of RSS: the process is idle. */
async function idle(child: ChildProcess): Promise<Figures> {
  let last = await measure(child);
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await measure(child);
    if (Math.abs(now.rss - last.rss) < 1024 * 1024) return now;
    last = now;
  }
  return last;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const freePort = await new Promise<number>((resolve) => {
  const probeServer = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probeServer.address() as { port: number };
    probeServer.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${freePort}`;
const nodeArgs = ["--expose-gc", "--import", probe];

// The baseline: the same Node with the same probe, doing nothing.
const bare = spawn(process.execPath, [...nodeArgs, "-e", "setInterval(() => {}, 1 << 30)"], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const dataDir = mkdtempSync(join(tmpdir(), "club-pglite-memory-"));
// The embedded database whatever this shell has set.
const { DATABASE_URL: _ignored, ...env } = process.env;

/** The built server on `dataDir`, resolved once it listens. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_FLAGS, main], {
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(freePort),
      HOST: "127.0.0.1",
      APP_ORIGIN: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // As `pnpm start` and the image run it.
      MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2",
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("listening on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
  return child;
}

/**
 * The server started again on the same data: what a club's server idles at for the rest of its
 * life (its first start also migrated the database and made the demo data, which grew Postgres's
 * memory and left malloc arenas).
 */
async function idleAfterRestart(): Promise<Figures> {
  if (server) await stop(server);
  server = await startServer();
  return idle(server);
}

const mb = (n: number, digits = 0) => (n / 1024 / 1024).toFixed(digits);
const started = performance.now();
let server: ChildProcess | undefined;
try {
  server = await startServer();
  const startSeconds = (performance.now() - started) / 1000;
  const baseline = await idle(bare);
  const atStart = await idle(server);

  // A light workload: a member signed in reading the lists, and an admin reading members.
  const signIn = async (email: string) => {
    const res = await fetch(`${origin}/login`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ email, password: "club-demo-2026" }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return res.headers.getSetCookie()[0]!.split(";")[0]!;
  };
  const member = await signIn("founding@club.local");
  const admin = await signIn("admin@club.local");
  const routes: [string, string][] = [
    ["/api/events", member],
    ["/auth-status", member],
    ["/api/media", member],
    ["/user-details", member],
    ["/api/users", admin],
  ];
  if (loadSeconds > 0) {
    // Many URLs, as members browsing make them: each event's page and comments, searches, pages.
    const list = (await (await fetch(`${origin}/api/events`, { headers: { cookie: member } })).json()) as {
      id: string;
    }[];
    for (const e of list) routes.push([`/api/events/${e.id}`, member], [`/api/comments?commentableId=${e.id}`, member]);
    // Searches as typed, two letters at a time: a URL each, few of them asked twice in a few seconds.
    const letters = "aeilnorst";
    for (const a of letters)
      for (const b of letters) {
        const search = encodeURIComponent(JSON.stringify({ json: { search: a + b, upcoming: true, limit: 24 } }));
        const tag = encodeURIComponent(JSON.stringify({ json: { tag: a + b, limit: 60 } }));
        routes.push([`/trpc/events.list?input=${search}`, member], [`/trpc/media.list?input=${tag}`, admin]);
      }
    const events = list.map((e) => e.id);
    let written = 0;
    const write = async () => {
      const res = await fetch(`${origin}/api/comments`, {
        method: "POST",
        headers: { cookie: member, origin, "content-type": "application/json" },
        body: JSON.stringify({
          commentableId: events[written++ % events.length],
          content: `A thought, number ${written}`,
        }),
      });
      await res.arrayBuffer();
      return res.ok;
    };
    const until = performance.now() + loadSeconds * 1000;
    let sent = 0;
    let failed = 0;
    const peaks: number[] = [];
    const loaded = server;
    const sampler = setInterval(() => void measure(loaded).then((f) => peaks.push(f.rss)), 5000);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (performance.now() < until) {
          const n = sent++;
          let ok: boolean;
          if (n % 20 === 19) ok = await write();
          else {
            const [path, cookie] = routes[n % routes.length]!;
            const res = await fetch(`${origin}${path}`, {
              headers: { cookie, "accept-encoding": "gzip, deflate, br" },
            });
            await res.arrayBuffer();
            ok = res.ok;
          }
          if (!ok) failed++;
        }
      }),
    );
    clearInterval(sampler);
    const atEnd = await measure(server);
    await new Promise((r) => setTimeout(r, afterSeconds * 1000));
    const rested = await measure(server);
    const ratio = rested.rss / atStart.rss;
    console.log(
      `server started in ${startSeconds.toFixed(1)} s; ${sent} requests (${routes.length} URLs, a comment 1 in 20) ` +
        `in ${loadSeconds} s, 16 at once, ${failed} failed; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
    console.log(
      "\n| RSS, MB | bare Node | server idle | peak under load | at the end | after " +
        `${afterSeconds} s | after / idle |`,
    );
    console.log("|---|---|---|---|---|---|---|");
    console.log(
      `| rss | ${mb(baseline.rss)} | ${mb(atStart.rss)} | ${mb(Math.max(...peaks, atEnd.rss))} | ${mb(atEnd.rss)} | ${mb(rested.rss)} | ${ratio.toFixed(2)}× (${ratio <= 1.2 ? "within" : "beyond"} 20%) |`,
    );
    console.log(
      `| of which WebAssembly (PGlite) | — | ${mb(atStart.wasm)} | — | ${mb(atEnd.wasm)} | ${mb(rested.wasm)} | ${(rested.wasm / atStart.wasm).toFixed(2)}× |`,
    );
    console.log(
      `| V8 heap used | ${mb(baseline.heapUsed)} | ${mb(atStart.heapUsed)} | — | ${mb(atEnd.heapUsed)} | ${mb(rested.heapUsed)} | ${(rested.heapUsed / atStart.heapUsed).toFixed(2)}× |`,
    );
  } else {
    const workStarted = performance.now();
    let failed = 0;
    let next = 0;
    // Four at a time, as a few members browsing would.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < requests) {
          const [path, cookie] = routes[next++ % routes.length]!;
          const res = await fetch(`${origin}${path}`, { headers: { cookie } });
          await res.arrayBuffer();
          if (!res.ok) failed++;
        }
      }),
    );
    const workMs = performance.now() - workStarted;
    const afterWork = await idle(server);

    console.log(`server started in ${startSeconds.toFixed(1)} s; ${requests} requests in ${workMs.toFixed(0)} ms`);
    if (failed) console.log(`${failed} requests failed`);
    console.log("\n| MB | bare Node | server idle | idle − bare | after workload | after − bare | after / bare |");
    console.log("|---|---|---|---|---|---|---|");
    for (const key of ["rss", "heapUsed", "heapTotal", "external", "arrayBuffers", "wasm"] as const) {
      const ratio = baseline[key] ? `${(afterWork[key] / baseline[key]).toFixed(1)}×` : "—";
      console.log(
        `| ${key} | ${mb(baseline[key], 1)} | ${mb(atStart[key], 1)} | ${mb(atStart[key] - baseline[key], 1)} | ${mb(afterWork[key], 1)} | ${mb(afterWork[key] - baseline[key], 1)} | ${ratio} |`,
      );
    }
  }
  const restarted = await idleAfterRestart();
  console.log(
    `\n| idle, MB (server flags: ${SERVER_NODE_FLAGS.join(" ") || "none"}) | first start (migrated, demo data made) | after a restart |`,
  );
  console.log("|---|---|---|");
  for (const [label, key] of [
    ["RSS", "rss"],
    ["V8 heap used / total", "heapUsed"],
    ["WebAssembly (PGlite)", "wasm"],
  ] as const) {
    const both = (f: Figures) => (key === "heapUsed" ? `${mb(f.heapUsed)} / ${mb(f.heapTotal)}` : mb(f[key]));
    console.log(`| ${label} | ${both(atStart)} | ${both(restarted)} |`);
  }
} finally {
  await Promise.all([server && stop(server), stop(bare)]);
  rmSync(dataDir, { recursive: true, force: true });
}
