// What a machine that runs the CLI remotely (`--url`, `--token`: a CI job) downloads and keeps: the
// tarball as packed, and the folder npm installs from it alone, package by package. The database's
// packages are left out (the packed manifest has no dependencies); the remote install must stay within 30 MB (issue 23), and
// the script exits 1 above it.
//   pnpm turbo run build --filter=@club/cli && pnpm --filter @club/bench cli-size
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { installOutside, outsideFolder, packWorkspacePackage } from "@club/client/testing";
import { bytesOf, installedPackages, kB, MB, sum } from "./installed-size";

const LIMIT = 30e6;
const cliDir = join(import.meta.dirname, "../packages/cli");
if (!existsSync(join(cliDir, "dist/club.js"))) {
  console.error("The CLI is not built: pnpm turbo run build --filter=@club/cli");
  process.exit(1);
}
const packDir = outsideFolder();
let project: string | undefined;
try {
  const packed = await packWorkspacePackage(cliDir, packDir);
  project = await installOutside([packed.tarball]);
  const modules = join(project, "node_modules");
  console.log(
    `packed: ${kB(bytesOf(packed.tarball))} tarball, ${packed.files.length} files, ${kB(bytesOf(join(modules, "@club/cli")))} unpacked`,
  );
  const packages = installedPackages(modules);
  const total = sum(packages);
  console.log(`remote install (npm, the tarball alone): ${total} bytes (${MB(total)}) in ${packages.length} packages`);
  for (const p of packages.slice(0, 10)) console.log(`  ${p.name.padEnd(34)} ${kB(p.bytes)}`);
  const files = packed.files.map((f) => ({ name: f, bytes: bytesOf(join(modules, "@club/cli", f)) }));
  console.log("largest files of the CLI:");
  for (const f of files.sort((a, b) => b.bytes - a.bytes).slice(0, 5))
    console.log(`  ${f.name.padEnd(34)} ${kB(f.bytes)}`);
  console.log(`limit ${MB(LIMIT)}: ${total <= LIMIT ? "within" : "OVER"}`);
  if (total > LIMIT) process.exitCode = 1;
} finally {
  rmSync(packDir, { recursive: true, force: true });
  if (project) rmSync(project, { recursive: true, force: true });
}
