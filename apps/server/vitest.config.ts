import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Database and HTTP tests run on a 2-core CI machine beside each other: generous timeouts. They
// wait on the database and on sockets as much as they compute, so two test files run at once even
// on 2 cores (Vitest's default there is one): the suite takes 95 s instead of 126 s. A worker keeps
// its modules between test files, so its files share one embedded database (@club/db/testing).
export default defineConfig({
  test: {
    testTimeout: 20_000,
    // A file's first hook in a worker may open the embedded database (compiling PGlite, loading its
    // template): seconds alone, over a minute on a 2-core machine busy with other work.
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
  },
});
