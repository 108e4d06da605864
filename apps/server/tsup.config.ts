import { cpSync } from "node:fs";
import { defineConfig } from "tsup";

// The server ships as one bundle of our own code; npm dependencies stay external. The
// migrations and the demo seed's assets travel beside the bundle, where the code looks for them.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  sourcemap: true,
  clean: true,
  // The country names' data is JSON, which Node imports only with an import attribute: bundle it.
  noExternal: [/^@club\//, /^i18n-iso-countries\/langs\//],
  onSuccess: async () => {
    // The SQL files and meta/_journal.json, which the migrator reads; not drizzle-kit's snapshots.
    cpSync("../../packages/db/migrations", "dist/migrations", {
      recursive: true,
      filter: (source) => !source.endsWith("_snapshot.json"),
    });
    cpSync("../../packages/api/src/seed/assets", "dist/assets", { recursive: true });
  },
});
