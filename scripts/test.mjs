// `pnpm test`: every test, in two lanes side by side once everything is built. One lane runs the
// packages' Vitest suites one after another (each already uses both cores of a small machine); the
// other runs the end-to-end suite, one Chromium against the built server, which waits on the
// browser and the server's answers more than it computes. One after the other they took 12 minutes
// on a 2-core CI machine, the end-to-end suite alone 6.7
// (docs/decisions/the-end-to-end-suite-runs-beside-the-others.md).
//   node scripts/test.mjs
import { spawn } from "node:child_process";

/** Runs turbo with these arguments, its output passed through; resolves its exit code. */
function turbo(args) {
  return new Promise((resolve) => {
    const child = spawn("pnpm", ["exec", "turbo", ...args], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

// Built once, before the lanes start: two turbo runs building the same packages at once would write
// the same files. The lanes then run their test tasks alone (`--only`).
const built = await turbo(["run", "build"]);
if (built !== 0) process.exit(built);

const E2E = "@club/e2e";
const [suites, endToEnd] = await Promise.all([
  turbo(["run", "test", "--only", "--concurrency=1", `--filter=!${E2E}`]),
  turbo(["run", "test", "--only", `--filter=${E2E}`]),
]);
if (suites !== 0) console.error(`\nThe packages' suites failed (exit ${suites}).`);
if (endToEnd !== 0) console.error(`\nThe end-to-end suite failed (exit ${endToEnd}).`);
process.exit(suites || endToEnd);
