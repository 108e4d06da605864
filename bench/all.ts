// The figures in one run: Lighthouse on the five pages of the performance goal (median of
// three rounds each), then the JSON routes beside a bare Fastify serving the same bodies (median of
// three interleaved rounds), then the realistic mix (200 members, the SPA's own URLs, writes, caches on
// and off, beside a bare Fastify), all on Postgres. Needs `pnpm build` first.
//   pnpm bench [--seconds 3]
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { seconds: { type: "string", default: "3" } } });
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
console.log(`\n(${((Date.now() - started) / 60_000).toFixed(1)} minutes)`);
process.exitCode = lighthouse || http || mix;
