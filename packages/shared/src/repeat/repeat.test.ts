import fc from "fast-check";
import * as rrulePackage from "rrule";
import { describe, expect, it } from "vitest";
import { dayNumber, dayOfNumber, repeatDates, repeatRuleProblem, SERIES_YEARS } from "./dates";
import { readRepeatRule, repeatRuleText } from "./rule";

// rrule gives Node its CommonJS build, reached from an ES module through `default`.
const { RRule } = ("default" in rrulePackage ? rrulePackage.default : rrulePackage) as typeof rrulePackage;

const dates = (rule: string, from: string) => {
  const reading = repeatDates(rule, from);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.dates;
};

/**
 * Milliseconds of CPU a call takes: what it costs the server's thread, which a busy machine's
 * waits do not inflate as they do a stopwatch's.
 */
function timed(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Fixed runs: the same cases every time, so a failure is one to fix, not a roll of the dice. */
const runs = (numRuns: number) => ({ seed: 20261206, numRuns });

/** "1,-1,2,-2,…", as long as `length` characters allow. */
function positions(length: number): string {
  const list: string[] = [];
  for (let n = 1; [...list, String(n), String(-n)].join(",").length <= length && n <= 366; n++)
    list.push(String(n), String(-n));
  return list.join(",");
}

describe("reading a repeat rule", () => {
  it("gives the dates of the rules the club's form makes", () => {
    expect(dates("FREQ=MONTHLY;BYDAY=2TU;COUNT=4", "2027-01-12")).toEqual([
      "2027-01-12",
      "2027-02-09",
      "2027-03-09",
      "2027-04-13",
    ]);
    expect(dates("FREQ=WEEKLY;BYDAY=TU,TH;INTERVAL=2;UNTIL=20270130", "2027-01-05")).toEqual([
      "2027-01-05",
      "2027-01-07",
      "2027-01-19",
      "2027-01-21",
    ]);
    expect(dates("FREQ=MONTHLY;BYDAY=-1FR;COUNT=2", "2027-01-29")).toEqual(["2027-01-29", "2027-02-26"]);
    // Months without a 31st are skipped; the event's own day is the default.
    expect(dates("FREQ=MONTHLY;COUNT=3", "2027-01-31")).toEqual(["2027-01-31", "2027-03-31", "2027-05-31"]);
    // The first date is the first the rule gives on or after the event's date.
    expect(dates("FREQ=WEEKLY;BYDAY=FR;COUNT=2", "2027-01-05")).toEqual(["2027-01-08", "2027-01-15"]);
    // UNTIL with a time of day names its day.
    expect(dates("RRULE:freq=daily;until=20270103T000000Z", "2027-01-01")).toHaveLength(3);
  });

  it("says what is wrong with each part, in words", () => {
    const cases: [string, RegExp][] = [
      ["", /empty/],
      ["FREQ=DAILY;INTERVAL=-1;COUNT=3", /INTERVAL is a whole number from 1 to 366 .*"-1" is not/],
      ["FREQ=DAILY;INTERVAL=0;COUNT=3", /INTERVAL is a whole number from 1 to 366/],
      ["FREQ=DAILY;INTERVAL=1.5;COUNT=3", /INTERVAL/],
      ["FREQ=DAILY;INTERVAL=367;COUNT=3", /INTERVAL/],
      ["FREQ=FORTNIGHTLY;COUNT=3", /^FORTNIGHTLY is not a frequency; use WEEKLY with INTERVAL=2\.$/],
      ["FREQ=HOURLY;COUNT=3", /finer than a day/],
      ["FREQ=SOMETIMES;COUNT=3", /SOMETIMES is not a frequency/],
      ["COUNT=3", /needs a FREQ/],
      ["FREQ=WEEKLY", /needs an end/],
      ["FREQ=WEEKLY;COUNT=201", /at most 200 dates; COUNT=201/],
      ["FREQ=WEEKLY;COUNT=0", /COUNT is how many dates/],
      ["FREQ=WEEKLY;COUNT=3;UNTIL=20270101", /not both/],
      ["FREQ=WEEKLY;UNTIL=20270230", /UNTIL .* "20270230" is not a day/],
      ["FREQ=WEEKLY;COUNT=3;COUNT=4", /COUNT is given twice/],
      ["FREQ=WEEKLY;COUNT=3;BYEASTER=1", /BYEASTER is not part of a repeat rule/],
      ["FREQ=WEEKLY;COUNT=3;BYHOUR=9", /times are the event's/],
      ["DTSTART:20270101\nRRULE:FREQ=WEEKLY;COUNT=3", /Leave DTSTART out/],
      [
        "FREQ=YEARLY;BYSETPOS=-400;BYDAY=MO;COUNT=3",
        /BYSETPOS takes positions from 1 to 366 or -366 to -1, separated by commas; "-400" is not one/,
      ],
      ["FREQ=YEARLY;BYSETPOS=2;COUNT=3", /BYSETPOS picks among the days another BY part gives/],
      ["FREQ=MONTHLY;BYMONTHDAY=32;COUNT=3", /BYMONTHDAY takes days of the month from 1 to 31/],
      ["FREQ=MONTHLY;BYMONTHDAY=0;COUNT=3", /BYMONTHDAY/],
      ["FREQ=YEARLY;BYMONTH=13;COUNT=3", /BYMONTH takes months from 1 to 12, separated by commas; "13"/],
      ["FREQ=YEARLY;BYMONTH=-1;COUNT=3", /BYMONTH/],
      ["FREQ=YEARLY;BYWEEKNO=54;COUNT=3", /BYWEEKNO/],
      ["FREQ=MONTHLY;BYWEEKNO=5;COUNT=3", /BYWEEKNO needs FREQ=YEARLY/],
      ["FREQ=MONTHLY;BYYEARDAY=5;COUNT=3", /BYYEARDAY needs FREQ=YEARLY/],
      ["FREQ=WEEKLY;BYMONTHDAY=5;COUNT=3", /weekly rule gives days of the week/],
      ["FREQ=WEEKLY;BYDAY=2TU;COUNT=3", /numbered day such as 2TU needs FREQ=MONTHLY or YEARLY/],
      ["FREQ=MONTHLY;BYDAY=6TU;COUNT=3", /from 1 to 5 .* 6TU is out of range/],
      ["FREQ=MONTHLY;BYDAY=XX;COUNT=3", /"XX" is not one/],
      ["FREQ=MONTHLY;BYDAY=;COUNT=3", /BYDAY has no value/],
      ["FREQ=WEEKLY;WKST=XY;COUNT=3", /WKST takes days of the week/],
      ["FREQ=WEEKLY;COUNT", /NAME=VALUE/],
    ];
    for (const [rule, message] of cases) {
      const reading = readRepeatRule(rule);
      expect(reading.ok, rule).toBe(false);
      if (!reading.ok) expect(reading.problem, rule).toMatch(message);
    }
  });

  it("answers at once, in words, a rule that gives no date or too many, or goes on for decades", () => {
    const cases: [string, RegExp][] = [
      ["FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31;COUNT=3", /gives no date in the 20 years from the event's date/],
      ["FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31;UNTIL=99991231", /gives no date in the 20 years/],
      ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=3", /gives no date in the 20 years/],
      ["FREQ=YEARLY;COUNT=30", /fall within 20 years of the event's date; this rule goes on past 2047-01-05/],
      ["FREQ=DAILY;UNTIL=20300101", /at most 200 dates; this rule gives more/],
      ["FREQ=WEEKLY;UNTIL=20260101", /ends \(UNTIL 2026-01-01\) before the event's date, 2027-01-05/],
      // The 29th of February on a Monday: once in 28 years.
      ["FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;COUNT=2", /go(es)? on past|gives no date/],
      [`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31;COUNT=3;BYSETPOS=${positions(440)}`, /gives no date in the 20 years/],
    ];
    for (const [rule, message] of cases) {
      let problem: string | null = null;
      expect(
        timed(() => (problem = repeatRuleProblem(rule, "2027-01-05"))),
        rule,
      ).toBeLessThan(50);
      expect(problem, rule).toMatch(message);
    }
  });

  it("reads the longest lists a rule may hold as quickly", () => {
    // As many positions and days as 500 characters hold: each period's set is picked through.
    for (const rule of [
      `FREQ=DAILY;BYDAY=MO;COUNT=3;BYSETPOS=${positions(455)}`,
      `FREQ=MONTHLY;BYMONTHDAY=${positions(200)};BYSETPOS=${positions(230)};UNTIL=20461231`,
      `FREQ=YEARLY;BYYEARDAY=${positions(220)};BYSETPOS=${positions(200)};COUNT=200`,
    ]) {
      expect(rule.length).toBeLessThanOrEqual(500);
      let reading: ReturnType<typeof repeatDates> | undefined;
      expect(
        timed(() => (reading = repeatDates(rule, "2027-01-05"))),
        rule,
      ).toBeLessThan(50);
      expect(reading?.ok || reading?.problem, rule).toBeTruthy();
    }
  });

  it("keeps to the calendar's four-digit years, the first centuries included", () => {
    expect(dates("FREQ=DAILY;COUNT=2", "0050-01-01")).toEqual(["0050-01-01", "0050-01-02"]);
    expect(dates("FREQ=YEARLY;COUNT=2", "0099-03-01")).toEqual(["0099-03-01", "0100-03-01"]);
    // The last days there are: a series past 9999-12-31 is refused in words, never a date beyond it.
    expect(repeatRuleProblem("FREQ=WEEKLY;COUNT=3", "9999-12-20")).toMatch(/goes on past 9999-12-31/);
    expect(dates("FREQ=DAILY;COUNT=2", "9999-12-30")).toEqual(["9999-12-30", "9999-12-31"]);
  });

  it("writes a rule back in one order, which reads the same", () => {
    const reading = readRepeatRule(" rrule:count=6;byday=tu,2tu,tu;freq=monthly;wkst=su ");
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const text = repeatRuleText(reading.rule);
    expect(text).toBe("FREQ=MONTHLY;BYDAY=TU,2TU;WKST=SU;COUNT=6");
    expect(readRepeatRule(text)).toEqual(reading);
  });
});

/** Parts of rules as a person might type them, valid or not. */
const rulePart = fc.oneof(
  fc.constantFrom("FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=HOURLY", "FREQ=FORTNIGHTLY"),
  fc.integer({ min: -1000, max: 1000 }).map((n) => `INTERVAL=${n}`),
  fc.integer({ min: -5, max: 400 }).map((n) => `COUNT=${n}`),
  fc.integer({ min: 19000101, max: 99991231 }).map((n) => `UNTIL=${n}`),
  fc
    .array(fc.integer({ min: -400, max: 400 }), { minLength: 1, maxLength: 90 })
    .chain((ns) =>
      fc
        .constantFrom("BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYSETPOS")
        .map((name) => `${name}=${ns.join(",")}`),
    ),
  fc
    .array(
      fc.tuple(
        fc.constantFrom("", "1", "-1", "2", "5", "-5", "53", "-60", "0"),
        fc.constantFrom("MO", "TU", "SU", "XX"),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((days) => `BYDAY=${days.map(([n, d]) => `${n}${d}`).join(",")}`),
  fc.constantFrom("WKST=SU", "WKST=MO", "BYHOUR=9", "X=1", "=", ";", "DTSTART=20270101"),
  fc.string({ maxLength: 12 }),
);

const day = fc.integer({ min: dayNumber("1990-01-01"), max: dayNumber("2060-12-31") }).map((n) => dayOfNumber(n));

describe("any rule at all", () => {
  it("is read, or refused in words, within 50 ms, and never throws", () => {
    fc.assert(
      // Up to the 500 characters the schema lets through, long lists included.
      fc.property(
        fc.array(rulePart, { maxLength: 8 }).filter((parts) => parts.join(";").length <= 500),
        day,
        (parts, from) => {
          const rule = parts.join(";");
          let reading: ReturnType<typeof repeatDates> | undefined;
          const ms = timed(() => {
            reading = repeatDates(rule, from);
          });
          expect(ms, rule).toBeLessThan(50);
          if (reading?.ok) {
            expect(reading.dates.length).toBeGreaterThan(0);
            expect(reading.dates.length).toBeLessThanOrEqual(200);
            expect((reading.dates[0] ?? "") >= from).toBe(true);
          } else {
            expect(reading?.problem).toMatch(/^[A-Z"].*[.)]$/);
          }
        },
      ),
      runs(2000),
    );
  });
});

/** A valid rule in the parts both readings share (a BYDAY of days alone or numbered days alone). */
const validRule = fc
  .record({
    freq: fc.constantFrom("DAILY", "WEEKLY", "MONTHLY", "YEARLY"),
    interval: fc.integer({ min: 1, max: 4 }),
    byMonth: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
    byMonthDay: fc.uniqueArray(
      fc.integer({ min: -31, max: 31 }).filter((n) => n !== 0),
      { maxLength: 3 },
    ),
    byYearDay: fc.uniqueArray(
      fc.integer({ min: -366, max: 366 }).filter((n) => n !== 0),
      { maxLength: 2 },
    ),
    // Week numbers from the start: rrule does not count the last days of December that belong to
    // week 1 of the next year by that year's negative numbers (a gap its source notes).
    byWeekNo: fc.uniqueArray(fc.integer({ min: 1, max: 53 }), { maxLength: 2 }),
    days: fc.uniqueArray(fc.constantFrom("MO", "TU", "WE", "TH", "FR", "SA", "SU"), { maxLength: 3 }),
    nth: fc.integer({ min: -5, max: 5 }).filter((n) => n !== 0),
    numbered: fc.boolean(),
    // One position, -1 or from the start: rrule takes -2 in a set of one as its first day, and
    // gives a day twice when two positions name it.
    bySetPos: fc.uniqueArray(fc.constantFrom(-1, 1, 2, 3, 5), { maxLength: 1 }),
    wkst: fc.constantFrom("MO", "SU", "WE"),
    end: fc.oneof(
      fc.integer({ min: 1, max: 40 }).map((n) => `COUNT=${n}`),
      fc.integer({ min: 0, max: 2500 }).map((n) => `UNTIL:${n}`),
    ),
  })
  .map((r) => {
    const parts = [`FREQ=${r.freq}`, `INTERVAL=${r.interval}`];
    if (r.byMonth.length) parts.push(`BYMONTH=${r.byMonth.join(",")}`);
    if (r.freq !== "WEEKLY" && r.byMonthDay.length) parts.push(`BYMONTHDAY=${r.byMonthDay.join(",")}`);
    if (r.freq === "YEARLY" && r.byYearDay.length) parts.push(`BYYEARDAY=${r.byYearDay.join(",")}`);
    if (r.freq === "YEARLY" && r.byWeekNo.length) parts.push(`BYWEEKNO=${r.byWeekNo.join(",")}`);
    const numbered = r.numbered && (r.freq === "MONTHLY" || (r.freq === "YEARLY" && r.byWeekNo.length === 0));
    if (r.days.length) parts.push(`BYDAY=${r.days.map((d) => (numbered ? `${r.nth}${d}` : d)).join(",")}`);
    // Not weekly: rrule's first week starts at DTSTART, not at WKST, and BYSETPOS counts in it so.
    if (parts.length > 2 && r.freq !== "WEEKLY" && r.bySetPos.length) parts.push(`BYSETPOS=${r.bySetPos.join(",")}`);
    parts.push(`WKST=${r.wkst}`);
    return { parts, end: r.end };
  });

describe("the dates of a valid rule", () => {
  it("are those the rrule library gives, where it gives them in time", () => {
    fc.assert(
      fc.property(validRule, day, ({ parts, end }, from) => {
        const endPart = end.startsWith("UNTIL:")
          ? `UNTIL=${dayOfNumber(dayNumber(from) + Number(end.slice(6))).replaceAll("-", "")}`
          : end;
        const text = [...parts, endPart].join(";");
        const ours = repeatDates(text, from);
        const start = new Date(`${from}T00:00:00Z`);
        const library = new RRule({ ...RRule.parseString(text), dtstart: start, tzid: null });
        const window = new Date(`${dayOfNumber(dayNumber(from) + 366 * SERIES_YEARS)}T00:00:00Z`);
        if (ours.ok) {
          // The library stops after as many dates, or at UNTIL: a wrong date here is a wrong date there.
          const theirs = library.all((_, i) => i < ours.dates.length + 1).map((d) => d.toISOString().slice(0, 10));
          expect(ours.dates, text).toEqual(theirs);
        } else if (/gives no date in the/.test(ours.problem) && text.includes("YEARLY")) {
          // The library looks through every year to 9999 for a rule that gives nothing: only a
          // yearly one, which it does in a few milliseconds.
          expect(library.between(start, window, true), text).toEqual([]);
        } else if (/at most 200 dates/.test(ours.problem)) {
          expect(
            library.all((_, i) => i < 201),
            text,
          ).toHaveLength(201);
        }
      }),
      runs(500),
    );
  }, 120_000);
});
