// `pnpm typecheck`: three TypeScript programs side by side (tsconfig.check.json says why): every
// package that runs on Node, the web app, and the e2e package. Exits with the first failure's code.
//   node scripts/typecheck.mjs
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const programs = ["tsconfig.check.json", "apps/web/tsconfig.json", "e2e/tsconfig.json"];

const codes = await Promise.all(
  programs.map(
    (project) =>
      new Promise((resolve) => {
        const child = spawn("pnpm", ["exec", "tsc", "-p", project], { cwd: root, stdio: "inherit" });
        child.on("error", () => resolve(1));
        child.on("exit", (code) => resolve(code ?? 1));
      }),
  ),
);
const failed = codes.findIndex((code) => code !== 0);
if (failed >= 0) console.error(`\nThe types of ${programs[failed]} do not check.`);
process.exit(failed >= 0 ? codes[failed] : 0);
