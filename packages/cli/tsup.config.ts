import { cpSync } from "node:fs";
import { defineConfig } from "tsup";

/**
 * One executable of our own code, with the migrations and the demo's files beside it (see @club/db).
 * What the remote commands run is bundled: the workspace's packages and the devDependencies they
 * import (commander, tRPC's client, superjson, yaml, zod…), so an install for remote use has nothing
 * else to fetch. The dependencies (the database's packages, left out of the packed manifest) stay
 * external, imported only by the chunks that `await import()` loads for the database commands.
 */
export default defineConfig({
  entry: { club: "src/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  splitting: true,
  // Bundled CommonJS packages (commander, yaml) `require` Node's modules, which ESM has no `require` for.
  banner: {
    js: 'import { createRequire as __clubRequire } from "node:module";\nconst require = __clubRequire(import.meta.url);',
  },
  onSuccess: async () => {
    // The migrator reads the SQL files and meta/_journal.json; the schema snapshots beside them
    // (2.9 MB) are drizzle-kit's, for writing the next migration, and stay in the repository.
    cpSync("../../packages/db/migrations", "dist/migrations", {
      recursive: true,
      filter: (source) => !source.endsWith("_snapshot.json"),
    });
    cpSync("../../packages/api/src/seed/assets", "dist/assets", { recursive: true });
  },
});
