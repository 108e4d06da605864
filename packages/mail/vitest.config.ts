import { defineConfig } from "vitest/config";

// Database and HTTP tests run on a 2-core CI machine beside each other: generous timeouts. A worker
// keeps its modules between test files, so its files share one embedded database (@club/db/testing).
export default defineConfig({ test: { testTimeout: 20_000, hookTimeout: 60_000, isolate: false } });
