import { type ApiContext, apiConfigFromEnv, createApiContext, createCaller, loadEnv, Throttle } from "@club/api";
import type { Db } from "@club/db";
import { discardJobs } from "@club/jobs";

/** The member a benchmark acts as (the columns a session carries). */
export type BenchUser = Omit<NonNullable<ApiContext["user"]>, "mustChangePassword">;

/** The procedures as this member calls them, on this database, with no mail, jobs or media store. */
export function benchCaller(db: Db, user: BenchUser) {
  const deps = {
    db,
    config: { ...apiConfigFromEnv(loadEnv({})), appOrigin: "http://bench.local", timeZone: "UTC" },
    throttle: new Throttle(),
    jobs: discardJobs,
    store: {
      put: async () => ({ size: 0 }),
      get: async () => undefined,
      stat: async () => undefined,
      delete: async () => {},
      deletePrefix: async () => {},
      async *listPrefixes() {},
    },
  };
  const session = { id: "bench", userId: user.id, expiresAt: new Date(8.64e15), method: "password" as const };
  return createCaller(
    createApiContext(deps, {
      user: { ...user, mustChangePassword: false },
      session,
      log: { info() {}, warn() {}, error() {} },
      requestId: "bench",
      ip: "127.0.0.1",
    }),
  );
}
