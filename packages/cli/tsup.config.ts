import { cpSync } from "node:fs";
import { defineConfig } from "tsup";

// One executable bundle of our own code, with the migrations beside it (see @club/db).
export default defineConfig({
  entry: { club: "src/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  // The country names' data is JSON, which Node imports only with an import attribute: bundle it.
  noExternal: [/^@club\//, /^i18n-iso-countries\/langs\//],
  onSuccess: async () => {
    cpSync("../../packages/db/migrations", "dist/migrations", { recursive: true });
    cpSync("../../packages/api/src/seed/assets", "dist/assets", { recursive: true });
  },
});
