/**
 * Counts failures (wrong passwords, wrong codes) per key within a window. A key at its limit
 * is refused before any work is done, so a refused attempt costs no password hash.
 * Backed by Redis when configured, so every server instance sees the same counts; in memory
 * otherwise (the single-process embedded default).
 */
export interface FailureStore {
  /** Failures recorded for the key in its current window, and the time until the window ends. */
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Records one failure; the window starts at the first failure. */
  add(key: string, windowMs: number): Promise<void>;
}

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

export class Throttled extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Too many attempts. Please wait ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minute(s) and try again.`);
    this.name = "Throttled";
  }
}

export class Throttle {
  constructor(private readonly store: FailureStore) {}

  /** Throws Throttled when the key has used up its failures. */
  async check(key: string, rule: ThrottleRule): Promise<void> {
    const { count, resetInMs } = await this.store.get(key);
    if (count >= rule.max) throw new Throttled(resetInMs);
  }

  fail(key: string, rule: ThrottleRule): Promise<void> {
    return this.store.add(key, rule.windowMs);
  }
}

export function memoryFailureStore(now: () => number = Date.now): FailureStore {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async get(key) {
      const e = live(key);
      return e ? { count: e.count, resetInMs: e.resetAt - now() } : { count: 0, resetInMs: 0 };
    },
    async add(key, windowMs) {
      const e = live(key);
      if (e) e.count++;
      else entries.set(key, { count: 1, resetAt: now() + windowMs });
      // Bounded memory: an address flood cannot grow the map without end.
      if (entries.size > 100_000) for (const k of [...entries.keys()].slice(0, 10_000)) entries.delete(k);
    },
  };
}

export const LOGIN_FAILURES: ThrottleRule = { max: 10, windowMs: 10 * 60 * 1000 };
/** Wrong invitation codes per address. */
export const CODE_GUESSES: ThrottleRule = { max: 10, windowMs: 60 * 60 * 1000 };
/** Password-reset requests, per address and per e-mail. */
export const RESET_REQUESTS_PER_IP: ThrottleRule = { max: 10, windowMs: 60 * 60 * 1000 };
export const RESET_REQUESTS_PER_EMAIL: ThrottleRule = { max: 3, windowMs: 60 * 60 * 1000 };
