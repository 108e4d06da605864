// `pnpm test`: every test, in two lanes side by side once everything is built. One lane runs the
// packages' Vitest suites one after another (each already uses both cores of a small machine); the
// other runs the e2e package: the product as shipped (e2e/shipped), then the Playwright specs on two
// workers, each against a built server of its own, which wait on the browser and the server more
// than they compute. At the end, the slowest test files of both lanes, so that the next slow test
// shows (docs/developing.md, "Tests").
//   node scripts/test.mjs
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
/** What each test run writes of its files' durations (Vitest's and Playwright's JSON reporters). */
const TIMES = ".test-times.json";

/** Runs turbo with these arguments, its output passed through; resolves its exit code. */
function turbo(args) {
  return new Promise((resolve) => {
    const child = spawn("pnpm", ["exec", "turbo", ...args], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

/** The workspace's package folders (two levels: apps/*, packages/*; and e2e, bench, examples). */
function packageDirs() {
  const dirs = [];
  for (const top of ["apps", "packages"]) {
    for (const name of readdirSync(join(root, top))) dirs.push(join(root, top, name));
  }
  return [...dirs, join(root, "e2e"), join(root, "bench"), join(root, "examples")];
}

/** Each test file's duration in seconds, from the reports the runs wrote. */
function fileTimes() {
  const times = [];
  for (const dir of packageDirs()) {
    for (const name of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(TIMES)) : []) {
      const report = JSON.parse(readFileSync(join(dir, name), "utf8"));
      // Vitest: a result per file, with its start and end.
      for (const file of report.testResults ?? []) {
        times.push({ file: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
      }
      // Playwright: suites per file; a file's tests' durations added up.
      for (const suite of report.suites ?? []) {
        const ms = (function sum(s) {
          const own = (s.specs ?? []).flatMap((spec) => spec.tests.flatMap((t) => t.results.map((r) => r.duration)));
          return own.reduce((a, b) => a + b, 0) + (s.suites ?? []).reduce((a, child) => a + sum(child), 0);
        })(suite);
        times.push({ file: relative(root, join(report.config?.rootDir ?? dir, suite.file)), seconds: ms / 1000 });
      }
    }
  }
  return times;
}

function printSlowest(count) {
  const slowest = fileTimes()
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  if (slowest.length === 0) return;
  const width = Math.max(...slowest.map((t) => t.file.length));
  console.log(`\nThe ${slowest.length} slowest test files (seconds, each file's own):`);
  for (const t of slowest) console.log(`  ${t.file.padEnd(width)}  ${t.seconds.toFixed(1).padStart(6)}`);
}

// Reports of an earlier run would be counted again.
for (const dir of packageDirs()) {
  for (const name of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(TIMES)) : []) rmSync(join(dir, name));
}

// Built once, before the lanes start: two turbo runs building the same packages at once would write
// the same files. The lanes then run their test tasks alone (`--only`).
const built = await turbo(["run", "build"]);
if (built !== 0) process.exit(built);

const E2E = "@club/e2e";
const [suites, endToEnd] = await Promise.all([
  turbo([
    "run",
    "test",
    "--only",
    "--concurrency=1",
    `--filter=!${E2E}`,
    "--",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${TIMES}`,
  ]),
  turbo(["run", "test", "--only", `--filter=${E2E}`]),
]);
printSlowest(15);
if (suites !== 0) console.error(`\nThe packages' suites failed (exit ${suites}).`);
if (endToEnd !== 0) console.error(`\nThe end-to-end suite failed (exit ${endToEnd}).`);
process.exit(suites || endToEnd);
