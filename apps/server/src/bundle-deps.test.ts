import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../..");
const deps = (pkg: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, pkg, "package.json"), "utf8")).dependencies ?? {};
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
 * The server and the CLI are bundles of our packages whose npm dependencies stay external, so
 * each must declare every npm dependency of the packages it bundles (pnpm resolves from the app).
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
    ["apps/server", server],
    ["packages/cli", [...server, "packages/client"]],
  ])("%s", (app, bundled) => {
    const declared = Object.keys(deps(app));
    expect(external(bundled).filter((d) => !declared.includes(d))).toEqual([]);
  });
});
