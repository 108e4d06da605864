// What a project outside the workspace downloads and keeps for @club/client: the tarball as packed,
// and the folder npm installs from it alone (the client and its dependencies), package by package.
// tRPC asks for TypeScript as a peer, so npm adds the newest one to a project that has none: the
// figures are given with and without it.
//   pnpm turbo run build --filter=@club/client && pnpm --filter @club/bench client-size
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installOutside, packClient } from "@club/client/testing";
import { bytesOf, installedPackages, kB, sum } from "./installed-size";

const isTypeScript = (name: string) => name === "typescript" || name.startsWith("@typescript/");
const packDir = mkdtempSync(join(tmpdir(), "club-pack-"));
let project: string | undefined;
try {
  const packed = await packClient(packDir);
  project = await installOutside([packed.tarball]);
  const modules = join(project, "node_modules");
  const client = join(modules, "@club/client");
  console.log(
    `packed: ${kB(bytesOf(packed.tarball))} tarball, ${packed.files.length} files, ${kB(bytesOf(client))} unpacked`,
  );
  const packages = installedPackages(modules);
  const own = packages.filter((p) => !isTypeScript(p.name));
  console.log(`installed (npm, the tarball alone): ${kB(sum(packages))} in ${packages.length} packages`);
  console.log(`  without TypeScript (tRPC's peer): ${kB(sum(own))} in ${own.length} packages`);
  for (const p of packages) console.log(`  ${p.name.padEnd(34)} ${kB(p.bytes)}`);
} finally {
  rmSync(packDir, { recursive: true, force: true });
  if (project) rmSync(project, { recursive: true, force: true });
}
