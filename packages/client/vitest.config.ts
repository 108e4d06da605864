import { defineConfig } from "vitest/config";

// The client's tests start a server of their own and call it over HTTP; on a busy 2-core CI machine a
// call may take longer than vitest's default 5 s: generous timeouts, as the other packages have.
export default defineConfig({ test: { testTimeout: 20_000, hookTimeout: 60_000 } });
