import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  type LimiterFactory,
  memoryLimiters,
  Quotas,
  redisLimiters,
  Throttle,
  Throttled,
  type ThrottleRule,
} from "./throttle";

const rule = (max: number): ThrottleRule => ({ name: `test-${randomUUID()}`, max, windowMs: 60_000 });

/** Runs the same behaviour on each backend: memory, and Redis when one answers here. */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(() => redis.disconnect());

const backends: [string, LimiterFactory][] = [["memory", memoryLimiters]];
if (redisUp) backends.push(["redis", redisLimiters(redis)]);
else if (process.env.CI) throw new Error(`CI expects Redis at ${redisUrl} for the shared-throttle tests.`);

describe.each(backends)("Throttle (%s)", (_name, factory) => {
  it("lets exactly `max` of 40 simultaneous attempts through and refuses the rest", async () => {
    const throttle = new Throttle(factory);
    const r = rule(10);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => throttle.take([r, "1.2.3.4"])));
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === "rejected");
    expect(refused).toHaveLength(30);
    expect(refused.every((x) => x.reason instanceof Throttled)).toBe(true);
    expect((refused[0]!.reason as Throttled).message).toBe("Too many attempts. Please wait 1 minute(s) and try again.");
    // Another key has its own allowance.
    await throttle.take([r, "5.6.7.8"]);
  });

  it("gives back attempts that succeeded, and an attempt refused by a later rule", async () => {
    const throttle = new Throttle(factory);
    const perIp = rule(3);
    const perAccount = { ...rule(2), message: "Locked for {minutes} minute(s)." };
    for (let i = 0; i < 10; i++) await (await throttle.take([perIp, "ip"])).succeeded();
    await throttle.take([perIp, "ip"], [perAccount, "ada"]);
    await throttle.take([perIp, "ip2"], [perAccount, "ada"]);
    const err = await throttle.take([perIp, "ip"], [perAccount, "ada"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Throttled);
    expect((err as Throttled).message).toBe("Locked for 1 minute(s).");
    // The refused attempt did no work, so "ip" still has its second and third attempts.
    await throttle.take([perIp, "ip"]);
    await throttle.take([perIp, "ip"]);
    await expect(throttle.take([perIp, "ip"])).rejects.toBeInstanceOf(Throttled);
    await throttle.clear(perAccount, "ada");
    await throttle.take([perAccount, "ada"]);
  });

  it("tells which attempt used a key's allowance up", async () => {
    const throttle = new Throttle(factory);
    const perIp = rule(10);
    const perDevice = rule(2);
    const first = await throttle.take([perIp, "ip"], [perDevice, "d"]);
    expect(first.usedUp(perDevice)).toBe(false);
    const second = await throttle.take([perIp, "ip"], [perDevice, "d"]);
    expect(second.usedUp(perDevice)).toBe(true);
    expect(second.usedUp(perIp)).toBe(false);
    // A refused attempt takes nothing, so no later attempt sees the allowance used up again.
    await expect(throttle.take([perIp, "ip"], [perDevice, "d"])).rejects.toBeInstanceOf(Throttled);
    expect((await throttle.take([perIp, "ip"], [perDevice, "other"])).usedUp(perDevice)).toBe(false);
  });
  it("tells a request's quotas: counted down, given back when a later rule refuses, the unreported left out", async () => {
    const told: { policy: string; state: string }[] = [];
    const throttle = new Throttle(factory).reportingTo(new Quotas((headers) => told.push(headers)));
    const perAddress = rule(5);
    const perEmail = { ...rule(1), unreported: true as const };
    await throttle.take([perAddress, "1.2.3.4"], [perEmail, "ada@club.test"]);
    expect(told.at(-1)).toEqual({
      policy: `"${perAddress.name}";q=5;w=60`,
      state: expect.stringMatching(new RegExp(`^"${perAddress.name}";r=4;t=(59|60)$`)),
    });
    // The e-mail's allowance is used up: the address's attempt is given back, and said so.
    await expect(throttle.take([perAddress, "1.2.3.4"], [perEmail, "ada@club.test"])).rejects.toBeInstanceOf(Throttled);
    expect(told.at(-1)?.state).toMatch(new RegExp(`^"${perAddress.name}";r=4;t=`));
    expect(told.every((h) => !h.policy.includes(perEmail.name))).toBe(true);
  });
});

describe.skipIf(!redisUp)("Throttle shared through Redis", () => {
  it("counts attempts made on two server instances together", async () => {
    const a = new Throttle(redisLimiters(redis));
    const b = new Throttle(redisLimiters(redis));
    const r = rule(4);
    await a.take([r, "k"]);
    await b.take([r, "k"]);
    await a.take([r, "k"]);
    await b.take([r, "k"]);
    await expect(a.take([r, "k"])).rejects.toBeInstanceOf(Throttled);
    await expect(b.take([r, "k"])).rejects.toBeInstanceOf(Throttled);
  });
});
