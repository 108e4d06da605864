import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";

/**
 * A package as an outside project gets it: packed by pnpm as it would be published, installed by
 * npm into a folder outside the workspace. Used by the server's tests of the packed client and CLI
 * and by the size benchmarks.
 */
const run = promisify(execFile);
const packageDir = join(import.meta.dirname, "../..");
const workspaceDir = join(packageDir, "../..");

/**
 * The environment without what pnpm sets for the scripts it runs: npm would take its
 * `npm_config_*` settings for its own.
 */
function plainEnv(): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^npm_(config|package|lifecycle)_/i.test(key)),
    ),
    // npm's "a new version is available" notice goes to stderr, depending on what the registry
    // serves that day; the tests read stderr.
    npm_config_update_notifier: "false",
  };
}

export interface Packed {
  tarball: string;
  /** The paths inside the tarball. */
  files: string[];
}

/** Packs the built client into `destination`. */
export async function packClient(destination: string): Promise<Packed> {
  if (!existsSync(join(packageDir, "dist/index.d.ts"))) {
    throw new Error("The client is not built: pnpm turbo run build --filter=@club/client");
  }
  return packWorkspacePackage(packageDir, destination);
}

/**
 * Packs the workspace package in `dir` into `destination` as pnpm would publish it (`workspace:` and
 * `catalog:` written out, the root's `beforePacking` hook applied). Build it first.
 */
export async function packWorkspacePackage(dir: string, destination: string): Promise<Packed> {
  const { stdout } = await run("pnpm", ["pack", "--json", "--pack-destination", destination], {
    cwd: dir,
    env: plainEnv(),
  });
  const packed: unknown = JSON.parse(stdout);
  if (typeof packed !== "object" || !packed || !("filename" in packed) || typeof packed.filename !== "string") {
    throw new Error(`pnpm pack answered: ${stdout}`);
  }
  const entries = "files" in packed && Array.isArray(packed.files) ? packed.files : [];
  const files = entries.flatMap((f: unknown) =>
    typeof f === "object" && f && "path" in f && typeof f.path === "string" ? [f.path] : [],
  );
  return { tarball: packed.filename, files };
}

/** The version of a package the workspace installed for the client (typescript, @types/node). */
export function workspaceVersion(name: string): string {
  const manifest: unknown = JSON.parse(
    readFileSync(createRequire(join(packageDir, "package.json")).resolve(`${name}/package.json`), "utf8"),
  );
  if (typeof manifest !== "object" || !manifest || !("version" in manifest) || typeof manifest.version !== "string") {
    throw new Error(`${name} has no version`);
  }
  return manifest.version;
}

/**
 * A new folder in the system's temporary folder from which nothing of the workspace is found: Node
 * and TypeScript look for packages in a folder and those above it, and none of those is in the
 * workspace or has packages of its own.
 */
export function outsideFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "club-outside-"));
  if (!relative(workspaceDir, dir).startsWith("..")) throw new Error(`${dir} is inside the workspace.`);
  for (let above = dir; above !== dirname(above); ) {
    above = dirname(above);
    if (existsSync(join(above, "node_modules"))) throw new Error(`${above} has node_modules, seen from ${dir}.`);
  }
  return dir;
}

/** Runs npm (or npx) in `cwd` as a user would, without the settings pnpm passes to its scripts. */
export function npm(command: "npm" | "npx", args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run(command, args, { cwd, env: plainEnv() });
}

/**
 * Installs packages with npm into a new project in an outside folder (see `outsideFolder`). npm's
 * cache is used before the registry.
 */
export async function installOutside(packages: string[]): Promise<string> {
  const dir = outsideFolder();
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "outside", private: true, type: "module" }));
  await npm("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", ...packages], dir);
  return dir;
}
