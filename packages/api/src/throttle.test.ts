import { describe, expect, it } from "vitest";
import { memoryFailureStore, Throttle, Throttled } from "./throttle";

describe("Throttle", () => {
  it("refuses a key after max failures until its window ends", async () => {
    let now = 1_000;
    const throttle = new Throttle(memoryFailureStore(() => now));
    const rule = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) {
      await throttle.check("k", rule);
      await throttle.fail("k", rule);
    }
    const err = await throttle.check("k", rule).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Throttled);
    expect((err as Throttled).message).toBe("Too many attempts. Please wait 1 minute(s) and try again.");
    await throttle.check("other", rule);
    now += 60_001;
    await throttle.check("k", rule);
  });
});
