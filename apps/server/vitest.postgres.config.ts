import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The server's files that CI runs a second time on a real Postgres (`pnpm test:db`): those where
 * the engine behind the app changes what happens — several connections and processes at once,
 * LISTEN/NOTIFY between instances, advisory locks, a database that goes away, pg-boss's own
 * sessions. The rest of the suite runs the same SQL that the api package's tests already run on
 * Postgres, and once on the embedded database in `pnpm test`; running all of it twice took CI past
 * its 15 minutes.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        "src/migrations-at-once.test.ts",
        "src/two-instances.test.ts",
        "src/db-outage.test.ts",
        "src/shutdown.test.ts",
        "src/jobs.test.ts",
        "src/housekeeping.test.ts",
        "src/member-sessions.test.ts",
        "src/live-streams.test.ts",
        "src/rest/kept-answers.test.ts",
        "src/rest/kept-answers-listener.test.ts",
        "src/rest/session-cache.test.ts",
        "src/rest/throttle.test.ts",
        "src/rest/events.test.ts",
        "src/rest/membership.test.ts",
        "src/rest/comments.test.ts",
      ],
    },
  }),
);
