// Where the server's allocations come from, for the limit's URLs with the caches off: V8's sampling
// heap profiler, counting objects the collector has already freed too (what makes the collector
// work), over requests made in process (app.inject; light-my-request's own share is left out).
// Prints bytes allocated a request, by package and by function.
//   pnpm --filter @club/bench alloc-profile [requests, default 3000]
// Postgres at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), database
// club_bench_alloc (dropped at the end).
import { mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "@club/api";
import { createDb } from "@club/db";
import { buildApp, configFromEnv } from "@club/server";
import postgres from "postgres";
import { start, stop } from "./child";
import { owner } from "./code-owner";
import { captureStatements } from "./limit-capture";
import type { MixFixture } from "./mix-seed";
import { ACCEPT_ENCODING, ORIGIN } from "./mix-traffic";

const requests = Number(process.argv[2] ?? 3000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const url = new URL(ADMIN_URL);
url.pathname = "/club_bench_alloc";
const env = {
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  APP_ORIGIN: ORIGIN,
  ANSWER_CACHE_SECONDS: "0",
  SESSION_CACHE_SECONDS: "0",
  DATABASE_URL: url.toString(),
};

type Node = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
};

const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe("drop database if exists club_bench_alloc with (force)");
await admin.unsafe("create database club_bench_alloc");
const dataDir = mkdtempSync(join(tmpdir(), "club-bench-alloc-"));
try {
  const seeder = start<{ fixture: MixFixture }>("mix-serve.ts", ["--seed", "small"], { ...env, DATA_DIR: dataDir });
  const { fixture } = await seeder.ready;
  await stop(seeder.child);
  const capture = await captureStatements({ ...env, DATA_DIR: dataDir }, fixture, ORIGIN, ACCEPT_ENCODING);
  const handle = await createDb({ databaseUrl: env.DATABASE_URL });
  const app = await buildApp(configFromEnv(loadEnv({ ...env, DATA_DIR: dataDir })), {
    db: handle,
    workers: false,
    logger: false,
  });
  const paths = capture.urls.map((u) => u.path);
  let n = 0;
  const ask = async () => {
    const member = fixture.members[n % fixture.members.length]!;
    const path = paths[Math.floor(n / fixture.members.length) % paths.length]!;
    n++;
    await app.inject({
      method: "GET",
      url: path,
      headers: { cookie: member.cookie, "accept-encoding": ACCEPT_ENCODING },
    });
  };
  // Warm: the code optimized, the pool filled.
  for (let i = 0; i < 2000; i++) await ask();
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < requests; i += 8) await Promise.all(Array.from({ length: 8 }, ask));
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: { head: Node } };
  session.disconnect();
  await app.close();
  await handle.close();

  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const visit = (node: Node, path: string[]) => {
    const pkg = owner(node.callFrame.url, node.callFrame.functionName);
    const inInject = path.includes("light-my-request") || pkg === "light-my-request";
    if (!inInject && node.selfSize > 0) {
      total += node.selfSize;
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize);
      const fn = `${node.callFrame.functionName || "(anonymous)"} ${pkg}:${node.callFrame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
    }
    for (const child of node.children) visit(child, [...path, pkg]);
  };
  visit(profile.head, []);
  const kb = (b: number) => `${(b / requests / 1024).toFixed(1)} KB`;
  console.log(`${kb(total)} allocated a request (light-my-request's left out), over ${requests} requests:`);
  console.log("\nby package:");
  for (const [k, b] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${kb(b).padStart(9)}  ${k}`);
  console.log("\nby function:");
  for (const [k, b] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`  ${kb(b).padStart(9)}  ${k}`);
} finally {
  await admin.unsafe("drop database if exists club_bench_alloc with (force)");
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
