import { defineConfig } from "vitest/config";

// Database and HTTP tests run on a 2-core CI machine beside each other: generous timeouts. A test
// that writes ten thousand members and pages through them took over 20 s with the browsers of the
// end-to-end lane beside it, and a budget only has to stop a test that hangs. A worker keeps its
// modules between test files, so its files share one embedded database (@club/db/testing).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, isolate: false } });
