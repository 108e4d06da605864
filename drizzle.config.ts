import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema with `pnpm db:generate` and committed.
export default defineConfig({
  dialect: "postgresql",
  schema: "./packages/db/src/schema/index.ts",
  out: "./packages/db/migrations",
});
