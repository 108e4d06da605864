import type { FailureStore } from "@club/api";
import type { Redis } from "ioredis";

/** Failure counts shared by every server instance: INCR, with the window set at the first failure. */
export function redisFailureStore(redis: Redis): FailureStore {
  const k = (key: string) => `club:failures:${key}`;
  return {
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
    },
    async add(key, windowMs) {
      const [[, count] = []] = (await redis.multi().incr(k(key)).exec()) ?? [];
      if (count === 1) await redis.pexpire(k(key), windowMs);
    },
  };
}
