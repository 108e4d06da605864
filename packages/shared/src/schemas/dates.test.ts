import { describe, expect, it } from "vitest";
import { futureMoment, isCalendarDay, isWallClockMinute, moment } from "./dates";

describe("days of the calendar", () => {
  it("are the days that exist, leap years counted", () => {
    for (const day of ["2026-12-31", "2028-02-29", "2000-02-29", "2026-04-30", "0001-01-01"])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      "2026-02-30",
      "2027-02-29",
      "2100-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "0000-01-01",
      "2026-1-1",
      "2026-12-31 ",
      "",
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it("carry a time to the minute on the club's wall clock", () => {
    expect(isWallClockMinute("2028-02-29T18:00")).toBe(true);
    for (const v of ["2027-02-29T18:00", "2026-12-31T24:00", "2026-12-31T18:00:00", "2026-12-31"])
      expect(isWallClockMinute(v), v).toBe(false);
  });
});

describe("moments", () => {
  it("take a Date, a day or an ISO date and time, and refuse a day that does not exist", () => {
    expect(moment("The date").parse("2027-01-31")).toEqual(new Date("2027-01-31T00:00:00Z"));
    expect(moment("The date").parse("2027-01-31T18:00:00Z")).toEqual(new Date("2027-01-31T18:00:00Z"));
    expect(moment("The date").parse(new Date(0))).toEqual(new Date(0));
    for (const v of ["2027-02-29", "2027-02-29T12:00:00Z", "2026-02-30T00:00", "soon", new Date(Number.NaN)]) {
      const result = moment("The date").safeParse(v);
      expect(result.success, String(v)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^The date must be a real day/);
    }
  });

  it("in the future, when that is asked", () => {
    expect(futureMoment("The expiry date").safeParse("2020-01-01").error?.issues[0]?.message).toBe(
      "The expiry date must be in the future.",
    );
    expect(futureMoment("The expiry date").safeParse("2999-12-31").success).toBe(true);
  });
});
