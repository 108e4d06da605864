// The performance goals' figures in one run, each with the machine's load: Lighthouse on the five
// pages of the performance goal (median of three rounds each); the JSON routes beside a bare
// Fastify serving the same bodies, caches on and off (median of three interleaved rounds); the
// realistic mix (200 members, the SPA's own URLs, writes, caches on and off, beside a bare
// Fastify), all on Postgres; the heaviest URLs against the dynamic limit (the app's own SQL in a
// minimal server); each busy procedure in process beside its own SQL sent bare, at
// scale; the embedded default's memory idle; and the server's memory on Postgres and on the
// embedded default a minute after five minutes of the realistic mix. Needs
// `pnpm build` first.
//   pnpm bench [--seconds 3] [--load-seconds 300]
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { seconds: { type: "string", default: "3" }, "load-seconds": { type: "string", default: "300" } },
});
const here = fileURLToPath(new URL(".", import.meta.url));

function run(file: string, argv: string[]): number {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(here, file), ...argv], { stdio: "inherit" });
  return result.status ?? 1;
}

const started = Date.now();
console.log(`club benchmarks, ${new Date().toISOString()}\n`);
const lighthouse = run("lighthouse.ts", ["--rounds", "3"]);
const http = run("http/run.ts", ["--only", "postgres", "--rounds", "3", "--seconds", args.seconds]);
const mix = run("http/mix.ts", ["--only", "postgres", "--rounds", "3", "--seconds", args.seconds]);
console.log("");
const limit = run("limit.ts", ["--rounds", "3"]);
console.log("");
const cost = run("procedure-cost.ts", ["--scale", "large"]);
console.log("\nThe embedded default's memory idle (PGlite):");
const memory = run("pglite-memory.ts", []);
console.log("");
const mixMemory = run("mix-memory.ts", ["--load-seconds", args["load-seconds"], "--after-seconds", "60"]);
console.log(`\n(${((Date.now() - started) / 60_000).toFixed(1)} minutes)`);
process.exitCode = lighthouse || http || mix || limit || cost || memory || mixMemory;
