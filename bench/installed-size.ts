// What an npm install weighs on disk, package by package: shared by the size benchmarks.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The bytes of a file, or of every file under a folder (their contents, not the disk's blocks). */
export function bytesOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesOf(join(path, name)), 0);
}

/** The installed packages of a node_modules folder, `name` or `@scope/name`, with their bytes. */
export function installedPackages(modules: string): { name: string; bytes: number }[] {
  return readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) => (name.startsWith("@") ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`) : [name]))
    .map((name) => ({ name, bytes: bytesOf(join(modules, name)) }))
    .sort((a, b) => b.bytes - a.bytes);
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const MB = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
export const sum = (packages: { bytes: number }[]) => packages.reduce((total, p) => total + p.bytes, 0);
