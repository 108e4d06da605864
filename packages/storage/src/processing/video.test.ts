import { describe, expect, it } from "vitest";
import { conversionTimeoutMs } from "./video";

const minutes = (ms: number) => ms / 60_000;

describe("conversionTimeoutMs", () => {
  it("bounds a conversion by the video's length: ten minutes plus three times its length, at most two hours", () => {
    expect(minutes(conversionTimeoutMs(0))).toBe(10);
    expect(minutes(conversionTimeoutMs(120))).toBe(16);
    // The longest video allowed by default (30 minutes).
    expect(minutes(conversionTimeoutMs(30 * 60))).toBe(100);
    expect(minutes(conversionTimeoutMs(110 * 3600))).toBe(120);
    // A length that cannot be read: the most any conversion may take.
    expect(minutes(conversionTimeoutMs(null))).toBe(120);
  });
});
