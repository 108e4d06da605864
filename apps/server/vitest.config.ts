import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Database and HTTP tests run on a 2-core CI machine beside each other: generous timeouts. They
// wait on the database and on sockets as much as they compute, so two test files run at once even
// on 2 cores (Vitest's default there is one): the suite takes 95 s instead of 126 s. A worker keeps
// its modules between test files, so its files share one embedded database (@club/db/testing).
export default defineConfig({
  test: {
    // A minute a test, as the API package has: with the end-to-end browsers beside them, cases
    // that take 5 s alone took 15-20 s (a phone video's metadata removal, four ffmpeg runs, passed
    // 20 s and failed). A budget only has to stop a test that hangs.
    testTimeout: 60_000,
    // A file's first hook in a worker may open the embedded database (compiling PGlite, loading its
    // template): seconds alone, over a minute on a 2-core machine busy with other work.
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
  },
});
