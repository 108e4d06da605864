import { afterEach, describe, expect, it } from "vitest";
import { setDisplayZone } from "../../../lib/time-zone";
import { lastSeenText, memberDay } from "./member-dates";

const now = new Date("2026-11-26T15:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("the User Management table's dates", () => {
  afterEach(() => setDisplayZone(undefined));

  it("give a member's first day as a day, in the display zone", () => {
    setDisplayZone("Europe/London");
    expect(memberDay(new Date("2025-03-12T10:00:00Z"))).toBe("12 Mar 2025");
    setDisplayZone("Pacific/Auckland");
    expect(memberDay(new Date("2025-03-12T12:00:00Z"))).toBe("13 Mar 2025");
  });

  it("say a recent visit by how long ago, an older one by its day", () => {
    setDisplayZone("UTC");
    expect(lastSeenText(ago(20_000), now)).toBe("Just now");
    expect(lastSeenText(ago(MINUTE), now)).toBe("A minute ago");
    expect(lastSeenText(ago(42 * MINUTE), now)).toBe("42 minutes ago");
    expect(lastSeenText(ago(HOUR), now)).toBe("An hour ago");
    expect(lastSeenText(ago(3 * HOUR), now)).toBe("3 hours ago");
    expect(lastSeenText(ago(26 * HOUR), now)).toBe("Yesterday");
    expect(lastSeenText(ago(4 * 24 * HOUR), now)).toBe("4 days ago");
    expect(lastSeenText(new Date("2025-03-12T10:00:00Z"), now)).toBe("12 Mar 2025");
  });
});
