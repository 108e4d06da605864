import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { CommandFailed } from "./errors";

/**
 * The packages only the database commands load: the CLI's dependencies in the workspace and the
 * Docker image, its `databasePackages` once packed (the root's `.pnpmfile.cjs` moves them there, so
 * npm installs none of them). An install for remote use goes without them, and a database command
 * then says what to install instead of failing on a missing module. The ranges are read from the
 * installed manifest, where packing wrote them out (the workspace's says `catalog:`).
 */
const manifestSchema = z.object({
  name: z.string(),
  version: z.string(),
  databasePackages: z.record(z.string(), z.string()).optional(),
  dependencies: z.record(z.string(), z.string()).default({}),
});

// This file is one folder below the package's root, as source (src/) and as bundle (dist/).
const here = dirname(fileURLToPath(import.meta.url));

/** Whether Node finds `name` from here: in a node_modules folder here or above, as it looks. */
function installed(name: string): boolean {
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules", name, "package.json"))) return true;
    if (dir === dirname(dir)) return false;
  }
}

/** Refuses, naming what to install, when a package the database commands need is missing. */
export function requireDatabasePackages(): void {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(here, "../package.json"), "utf8")));
  const missing = Object.entries(manifest.databasePackages ?? manifest.dependencies).filter(
    ([name]) => !installed(name),
  );
  if (missing.length === 0) return;
  const specs = missing.map(([name, range]) => `"${name}@${range}"`).join(" ");
  throw new CommandFailed(
    `This command works on the database, and the packages it needs are not installed (a remote install leaves them out): ${missing.map(([name]) => name).join(", ")}.\n` +
      `Install them beside the CLI, in its project: npm install ${specs}\n` +
      `(or, for a global install: npm install -g "${manifest.name}@${manifest.version}" ${specs})\n` +
      "Or work against a running server with --url and --token.",
  );
}
