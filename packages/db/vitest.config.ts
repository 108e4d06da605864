import { defineConfig } from "vitest/config";

// Database and HTTP tests run on a 2-core CI machine beside each other: generous timeouts. A test
// that migrates a new embedded database from nothing (client.test.ts) took 21 s beside the
// end-to-end browsers, past a 20 s budget. A worker keeps its modules between test files, so its
// files share one embedded database (@club/db/testing).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, isolate: false } });
