import { type ApiContext, createCaller, noCookies, Throttle } from "@club/api";
import type { Db } from "@club/db";
import { discardJobs } from "@club/jobs";

/** The member a benchmark acts as (the columns a session carries). */
export type BenchUser = { id: string; name: string; email: string; type: string; admin: boolean };

/** The procedures as this member calls them, on this database, with no mail, jobs or media store. */
export function benchCaller(db: Db, user: BenchUser) {
  return createCaller({
    db,
    config: { appOrigin: "http://bench.local", tempPassword: "x", timeZone: "UTC", mailDelivery: "capture" },
    session: { id: "bench", userId: user.id, expiresAt: new Date(8.64e15) },
    user: { ...user, mustChangePassword: false } as ApiContext["user"],
    cookies: noCookies,
    log: { info() {}, warn() {}, error() {} },
    requestId: "bench",
    ip: "127.0.0.1",
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
  });
}
