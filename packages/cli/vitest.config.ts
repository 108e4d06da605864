import { defineConfig } from "vitest/config";

// Database and HTTP tests run on a 2-core CI machine beside each other: generous timeouts. A worker
// keeps its modules between test files (the server, the API and PGlite's compiled module are read
// once, not once a file: 20 s of the suite's 62 went to importing them again).
export default defineConfig({ test: { testTimeout: 20_000, hookTimeout: 60_000, isolate: false } });
