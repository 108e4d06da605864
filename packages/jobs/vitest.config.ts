import { defineConfig } from "vitest/config";

// Database and HTTP tests run on a 2-core CI machine beside each other: generous timeouts.
export default defineConfig({ test: { testTimeout: 20_000, hookTimeout: 60_000 } });
