import { describe, expect, it } from "vitest";
import {
  buildRepeatRule,
  monthlyOptions,
  ordinal,
  REPEAT_DEFAULTS,
  type RepeatForm,
  repeatDates,
  repeatProblems,
  repeatSentence,
  weekdayOf,
} from "./repeat";

const form = (more: Partial<RepeatForm>): RepeatForm => ({ ...REPEAT_DEFAULTS, ...more });

// 2026-03-10 is the second Tuesday of March 2026; 2026-07-31 the last (fifth) Friday of July.
const SECOND_TUESDAY = "2026-03-10";
const LAST_FRIDAY = "2026-07-31";

describe("the Repeats field's rule", () => {
  it("makes nothing when the event does not repeat", () => {
    expect(buildRepeatRule(REPEAT_DEFAULTS, SECOND_TUESDAY)).toBeUndefined();
    expect(repeatDates(REPEAT_DEFAULTS, SECOND_TUESDAY)).toEqual([]);
    expect(repeatProblems(REPEAT_DEFAULTS, SECOND_TUESDAY)).toEqual({});
    expect(repeatSentence(REPEAT_DEFAULTS, SECOND_TUESDAY)).toBe("");
  });

  it("reads the date's place in its week and month", () => {
    expect(weekdayOf(SECOND_TUESDAY)).toBe("TU");
    expect(weekdayOf("2026-03-15")).toBe("SU");
    expect(monthlyOptions(SECOND_TUESDAY)).toEqual([
      { value: "day", label: "On day 10" },
      { value: "nth", label: "On the second Tuesday" },
    ]);
    // A fifth Friday is not in every month: only "last" is offered for it.
    expect(monthlyOptions(LAST_FRIDAY)).toEqual([
      { value: "day", label: "On day 31" },
      { value: "last", label: "On the last Friday" },
    ]);
    // The fourth Saturday in the month's last seven days is also its last.
    expect(monthlyOptions("2026-03-28").map((o) => o.label)).toEqual([
      "On day 28",
      "On the fourth Saturday",
      "On the last Saturday",
    ]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "31st",
    ]);
  });

  it("writes monthly rules by day, nth weekday and last weekday", () => {
    expect(buildRepeatRule(form({ freq: "monthly", monthly: "nth" }), SECOND_TUESDAY)).toBe(
      "FREQ=MONTHLY;BYDAY=2TU;COUNT=6",
    );
    expect(buildRepeatRule(form({ freq: "monthly", monthly: "day" }), "2026-03-15")).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=15;COUNT=6",
    );
    expect(buildRepeatRule(form({ freq: "monthly", monthly: "last", count: "4" }), LAST_FRIDAY)).toBe(
      "FREQ=MONTHLY;BYDAY=-1FR;COUNT=4",
    );
    // A choice the date cannot have falls back to the one it can.
    expect(buildRepeatRule(form({ freq: "monthly", monthly: "nth" }), LAST_FRIDAY)).toBe(
      "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6",
    );
    expect(buildRepeatRule(form({ freq: "monthly", monthly: "last" }), SECOND_TUESDAY)).toBe(
      "FREQ=MONTHLY;BYDAY=2TU;COUNT=6",
    );
  });

  it("writes weekly rules with their days, Monday first, every N weeks, until a day", () => {
    const weekly = form({ freq: "weekly", days: ["TH", "TU"], interval: "2", ends: "until", until: "2027-06-30" });
    expect(buildRepeatRule(weekly, SECOND_TUESDAY)).toBe("FREQ=WEEKLY;BYDAY=TU,TH;INTERVAL=2;UNTIL=20270630");
    expect(buildRepeatRule(form({ freq: "weekly", days: ["TU"], count: "8" }), SECOND_TUESDAY)).toBe(
      "FREQ=WEEKLY;BYDAY=TU;COUNT=8",
    );
  });

  it("lists the dates the server will make", () => {
    expect(repeatDates(form({ freq: "monthly", monthly: "nth" }), SECOND_TUESDAY)).toEqual([
      "2026-03-10",
      "2026-04-14",
      "2026-05-12",
      "2026-06-09",
      "2026-07-14",
      "2026-08-11",
    ]);
    expect(repeatDates(form({ freq: "monthly", monthly: "last", count: "3" }), LAST_FRIDAY)).toEqual([
      "2026-07-31",
      "2026-08-28",
      "2026-09-25",
    ]);
    // Day 31 skips the months without one.
    expect(repeatDates(form({ freq: "monthly", monthly: "day", count: "3" }), LAST_FRIDAY)).toEqual([
      "2026-07-31",
      "2026-08-31",
      "2026-10-31",
    ]);
    // Every second week from the week of the date (weeks start on Monday): Tue 10, Thu 12, Tue 24…
    expect(
      repeatDates(
        form({ freq: "weekly", days: ["TU", "TH"], interval: "2", ends: "until", until: "2026-04-09" }),
        SECOND_TUESDAY,
      ),
    ).toEqual(["2026-03-10", "2026-03-12", "2026-03-24", "2026-03-26", "2026-04-07", "2026-04-09"]);
    // A date not among the days: the series starts on the first day that is.
    expect(repeatDates(form({ freq: "weekly", days: ["FR"], count: "2" }), SECOND_TUESDAY)).toEqual([
      "2026-03-13",
      "2026-03-20",
    ]);
  });

  it("says what will happen", () => {
    expect(repeatSentence(form({ freq: "monthly", monthly: "nth" }), SECOND_TUESDAY)).toBe(
      "6 dates on the second Tuesday of every month, Mar 10, 2026 to Aug 11, 2026.",
    );
    expect(repeatSentence(form({ freq: "monthly", monthly: "day", count: "3" }), LAST_FRIDAY)).toBe(
      "3 dates on the 31st of every month, Jul 31, 2026 to Oct 31, 2026. Months without a 31st are skipped.",
    );
    expect(
      repeatSentence(form({ freq: "weekly", days: ["TU", "TH"], interval: "2", count: "4" }), SECOND_TUESDAY),
    ).toBe("4 dates every 2 weeks on Tuesday and Thursday, Mar 10, 2026 to Mar 26, 2026.");
    expect(repeatSentence(form({ freq: "weekly", days: ["MO", "WE", "FR"], count: "2" }), SECOND_TUESDAY)).toBe(
      "2 dates every Monday, Wednesday and Friday, Mar 11, 2026 to Mar 13, 2026. The event's date, Mar 10, 2026, is not one of them.",
    );
  });

  it("names each problem by its control", () => {
    expect(repeatProblems(form({ freq: "weekly" }), SECOND_TUESDAY)).toEqual({
      days: "Choose at least one day of the week.",
    });
    expect(repeatProblems(form({ freq: "monthly", count: "1" }), SECOND_TUESDAY).count).toBe(
      "Choose from 2 to 200 times.",
    );
    expect(repeatProblems(form({ freq: "monthly", count: "201" }), SECOND_TUESDAY).count).toBeDefined();
    expect(repeatProblems(form({ freq: "monthly", count: "six" }), SECOND_TUESDAY).count).toBeDefined();
    expect(repeatProblems(form({ freq: "monthly", ends: "until" }), SECOND_TUESDAY).until).toBe(
      "Choose the last date.",
    );
    expect(repeatProblems(form({ freq: "monthly", ends: "until", until: "2026-03-01" }), SECOND_TUESDAY).until).toBe(
      "The last date must be on or after the event's date, Mar 10, 2026.",
    );
    expect(repeatProblems(form({ freq: "monthly", ends: "until", until: "2026-04-01" }), SECOND_TUESDAY).until).toMatch(
      /only one date/,
    );
    expect(
      repeatProblems(form({ freq: "weekly", days: ["MO", "TU"], ends: "until", until: "2030-01-01" }), SECOND_TUESDAY)
        .until,
    ).toMatch(/more than 200 dates/);
    // The server's own reading: a series' dates fall within 20 years of its first.
    expect(
      repeatProblems(
        form({ freq: "weekly", days: ["TU"], interval: "12", ends: "until", until: "2050-01-01" }),
        SECOND_TUESDAY,
      ).until,
    ).toBe(
      "A series' dates fall within 20 years of the event's date; this rule goes on past 2046-03-10. Set an earlier end.",
    );
    expect(repeatProblems(form({ freq: "weekly", days: ["TU"], interval: "13" }), SECOND_TUESDAY).interval).toBe(
      "Choose every 1 to 12 weeks.",
    );
  });
});
