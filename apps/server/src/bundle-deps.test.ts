import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../..");
const manifest = (pkg: string) => JSON.parse(readFileSync(join(root, pkg, "package.json"), "utf8"));
const deps = (pkg: string): Record<string, string> => manifest(pkg).dependencies ?? {};
const external = (pkgs: string[]) =>
  [
    ...new Set(
      pkgs.flatMap((p) =>
        Object.entries(deps(p))
          .filter(([, v]) => !v.startsWith("workspace:"))
          .map(([k]) => k),
      ),
    ),
  ].sort();

/**
 * The server and the CLI are bundles of our packages. tsup leaves an app's `dependencies` external
 * (pnpm resolves them from the app) and bundles what it imports from its `devDependencies`, so each
 * npm dependency of a bundled package must be one or the other: the server keeps them all external;
 * the CLI bundles what its remote commands need and keeps the database's packages external.
 */
describe("bundled apps declare their packages' dependencies", () => {
  const server = [
    "packages/api",
    "packages/auth",
    "packages/db",
    "packages/mail",
    "packages/shared",
    "packages/storage",
  ];
  it.each([
    ["apps/server", server, false],
    ["packages/cli", [...server, "packages/client", "packages/jobs"], true],
  ])("%s", (app, bundled, bundlesDevDependencies) => {
    const declared = Object.keys({
      ...deps(app),
      ...(bundlesDevDependencies ? manifest(app).devDependencies : {}),
    });
    expect(external(bundled).filter((d) => !declared.includes(d))).toEqual([]);
  });
});
