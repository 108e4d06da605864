// What a project outside the workspace downloads and keeps for @club/client: the tarball as packed,
// and the folder npm installs from it alone (the client and its dependencies), package by package.
// tRPC asks for TypeScript as a peer, so npm adds the newest one to a project that has none: the
// figures are given with and without it.
//   pnpm turbo run build --filter=@club/client && pnpm --filter @club/bench client-size
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installOutside, packClient } from "@club/client/testing";

/** The bytes of a file, or of every file under a folder (their contents, not the disk's blocks). */
function bytesOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesOf(join(path, name)), 0);
}

/** The installed packages' folders: `name` or `@scope/name`. */
function packagesIn(modules: string): string[] {
  return readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) => (name.startsWith("@") ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`) : [name]));
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const isTypeScript = (name: string) => name === "typescript" || name.startsWith("@typescript/");
const sum = (packages: { bytes: number }[]) => packages.reduce((total, p) => total + p.bytes, 0);
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
  const packages = packagesIn(modules).map((name) => ({ name, bytes: bytesOf(join(modules, name)) }));
  const own = packages.filter((p) => !isTypeScript(p.name));
  console.log(`installed (npm, the tarball alone): ${kB(sum(packages))} in ${packages.length} packages`);
  console.log(`  without TypeScript (tRPC's peer): ${kB(sum(own))} in ${own.length} packages`);
  for (const p of packages.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${p.name.padEnd(34)} ${kB(p.bytes)}`);
} finally {
  rmSync(packDir, { recursive: true, force: true });
  if (project) rmSync(project, { recursive: true, force: true });
}
