/**
 * The dates a repeat rule gives from the event's date on, read as RFC 5545 reads them with the
 * event's date as DTSTART: the series' first date is the first day on or after it that the rule
 * gives. The reading is bounded whatever the rule: it never looks further than SERIES_YEARS years
 * past the event's date (nor past the calendar's last day, 9999-12-31), each day at most once, and
 * what it keeps per day are set look-ups, so a rule that gives no date, or a date once a century,
 * costs the same few thousand steps as any other: 0.1 to 2.5 ms of CPU, the longest lists 500
 * characters hold included.
 */
import { MAX_SERIES_DATES, type RepeatRule, readRepeatRule } from "./rule";

/** A series' dates all fall within this many years of the event's date. */
export const SERIES_YEARS = 20;

const DAY_MS = 86_400_000;

/** Days a reading may look at: every day of the window once, and the rest of the years it begins and ends in. */
const DAY_BUDGET = (SERIES_YEARS + 2) * 366;

/** Midnight UTC of a day as day numbers count it; years 1 to 99 too (Date.UTC takes them for 19xx). */
function utcDay(year: number, monthIndex: number, day: number): number {
  const date = new Date(Date.UTC(2000, monthIndex, day));
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime() / DAY_MS;
}

/** Days since 1970-01-01 of a day of the calendar (yyyy-MM-dd), counted in UTC so no zone moves it. */
export function dayNumber(day: string): number {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  return utcDay(y, m - 1, d);
}

/** The day (yyyy-MM-dd) of a day number. */
export function dayOfNumber(n: number): string {
  const date = new Date(n * DAY_MS);
  const two = (v: number) => String(v).padStart(2, "0");
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
}

/** 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday). */
export const weekdayOfNumber = (n: number): number => (((n + 3) % 7) + 7) % 7;

/** The last day a date may fall on: the calendar's days have four-digit years. */
const LAST_DAY = utcDay(9999, 11, 31);

const firstOfMonth = (year: number, monthIndex: number) => utcDay(year, monthIndex, 1);

/** Where a day sits in its month and year. */
interface DayParts {
  year: number;
  month: number;
  monthStart: number;
  monthEnd: number;
  yearStart: number;
  yearEnd: number;
}

function partsOf(n: number): DayParts {
  const date = new Date(n * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    year,
    month: month + 1,
    monthStart: firstOfMonth(year, month),
    monthEnd: firstOfMonth(year, month + 1),
    yearStart: firstOfMonth(year, 0),
    yearEnd: firstOfMonth(year + 1, 0),
  };
}

/** `partsOf`, worked out once a month: the reading walks days in order. */
function monthWalker(): (n: number) => DayParts {
  let current: DayParts | undefined;
  return (n) => {
    if (!current || n < current.monthStart || n >= current.monthEnd) current = partsOf(n);
    return current;
  };
}

/** The first day of week 1 of a year: the first week (from `weekStart`) with four of its days in it. */
function weekOneStart(year: number, weekStart: number): number {
  const jan1 = firstOfMonth(year, 0);
  const start = jan1 - ((weekdayOfNumber(jan1) - weekStart + 7) % 7);
  return jan1 - start <= 3 ? start : start + 7;
}

/** The day's week number and how many weeks its year has, in the week-numbering year it falls in. */
function weekNumber(n: number, year: number, weekStart: number): { week: number; weeks: number } {
  const thisYear = weekOneStart(year, weekStart);
  const nextYear = weekOneStart(year + 1, weekStart);
  if (n >= nextYear) return { week: 1, weeks: (weekOneStart(year + 2, weekStart) - nextYear) / 7 };
  if (n < thisYear) {
    const lastYear = weekOneStart(year - 1, weekStart);
    return { week: (thisYear - lastYear) / 7, weeks: (thisYear - lastYear) / 7 };
  }
  return { week: Math.floor((n - thisYear) / 7) + 1, weeks: (nextYear - thisYear) / 7 };
}

/** The rule with what RFC 5545 takes from DTSTART when no BY part names the days. */
function withDefaults(rule: RepeatRule, from: number): RepeatRule {
  const namesDays = rule.byWeekNo.length + rule.byYearDay.length + rule.byMonthDay.length + rule.byDay.length > 0;
  if (namesDays) return rule;
  const p = partsOf(from);
  const dayOfMonth = from - p.monthStart + 1;
  switch (rule.freq) {
    case "YEARLY":
      return { ...rule, byMonth: rule.byMonth.length > 0 ? rule.byMonth : [p.month], byMonthDay: [dayOfMonth] };
    case "MONTHLY":
      return { ...rule, byMonthDay: [dayOfMonth] };
    case "WEEKLY":
      return { ...rule, byDay: [{ weekday: weekdayOfNumber(from) }] };
    default:
      return rule;
  }
}

/**
 * Whether the rule's BY parts keep a day (in month `p`), with each list made a set once: a rule may
 * list a hundred values, and the reading asks about thousands of days.
 */
function dayFilter(rule: RepeatRule): (n: number, p: DayParts) => boolean {
  const set = (values: readonly number[]) => (values.length > 0 ? new Set(values) : undefined);
  const [months, weekNos, yearDays, monthDays] = [rule.byMonth, rule.byWeekNo, rule.byYearDay, rule.byMonthDay].map(
    set,
  );
  /** A value from the start (1, 2…) or the end (-1, -2…) of a run of `length`, as a rule lists it. */
  const listed = (values: Set<number>, position: number, length: number) =>
    values.has(position) || values.has(position - length - 1);
  // Each weekday's plain or numbered mentions (BYDAY=TU,2TH,-1TH).
  const byWeekday = new Map<number, (number | undefined)[]>();
  for (const d of rule.byDay) byWeekday.set(d.weekday, [...(byWeekday.get(d.weekday) ?? []), d.nth]);
  // A numbered day counts within the month (MONTHLY, or YEARLY with BYMONTH), else within the year.
  const nthInMonth = rule.freq === "MONTHLY" || rule.byMonth.length > 0;
  return (n, p) => {
    if (months && !months.has(p.month)) return false;
    if (weekNos) {
      const { week, weeks } = weekNumber(n, p.year, rule.weekStart);
      if (!listed(weekNos, week, weeks)) return false;
    }
    if (yearDays && !listed(yearDays, n - p.yearStart + 1, p.yearEnd - p.yearStart)) return false;
    if (monthDays && !listed(monthDays, n - p.monthStart + 1, p.monthEnd - p.monthStart)) return false;
    if (byWeekday.size > 0) {
      const mentions = byWeekday.get(weekdayOfNumber(n));
      if (!mentions) return false;
      const [start, end] = nthInMonth ? [p.monthStart, p.monthEnd] : [p.yearStart, p.yearEnd];
      const fromStart = Math.floor((n - start) / 7) + 1;
      const fromEnd = -(Math.floor((end - 1 - n) / 7) + 1);
      if (!mentions.some((nth) => nth === undefined || nth === fromStart || nth === fromEnd)) return false;
    }
    return true;
  };
}

/** The days of the rule's k-th period (a day, a week, a month or a year), as day numbers [start, end). */
function period(rule: RepeatRule, from: number, fromParts: DayParts, k: number): [number, number] {
  const step = k * rule.interval;
  switch (rule.freq) {
    case "DAILY":
      return [from + step, from + step + 1];
    case "WEEKLY": {
      const start = from - ((weekdayOfNumber(from) - rule.weekStart + 7) % 7) + 7 * step;
      return [start, start + 7];
    }
    case "MONTHLY": {
      const { year, month } = fromParts;
      return [firstOfMonth(year, month - 1 + step), firstOfMonth(year, month + step)];
    }
    case "YEARLY":
      return [firstOfMonth(fromParts.year + step, 0), firstOfMonth(fromParts.year + step + 1, 0)];
  }
}

/**
 * The days BYSETPOS picks from a period's `kept` days, in order and once each, into `into`: a
 * position past either end picks nothing (RFC 5545).
 */
function pickPositions(kept: readonly number[], positions: readonly number[], into: number[]): number[] {
  into.length = 0;
  for (const pos of positions) {
    const day = kept[pos > 0 ? pos - 1 : kept.length + pos];
    if (day !== undefined && !into.includes(day)) into.push(day);
  }
  return into.sort((a, b) => a - b);
}

/** Why a rule gives no series: the kind (for a form to put it by its field), and the sentence. */
export type DatesProblemKind = "rule" | "endsBefore" | "none" | "tooMany" | "tooLong";

/** The series' dates, or the sentence that says why the rule cannot make one. */
export type DatesReading = { ok: true; dates: string[] } | { ok: false; kind: DatesProblemKind; problem: string };

/**
 * The dates (yyyy-MM-dd) a checked rule gives from `from` on: at least one, at most
 * MAX_SERIES_DATES, all within SERIES_YEARS years of `from` and no later than 9999-12-31.
 */
export function ruleDates(checked: RepeatRule, from: string): DatesReading {
  const start = dayNumber(from);
  const until = checked.until === undefined ? undefined : dayNumber(checked.until);
  if (checked.until !== undefined && until !== undefined && until < start)
    return {
      ok: false,
      kind: "endsBefore",
      problem: `The series ends (UNTIL ${checked.until}) before the event's date, ${from}.`,
    };
  const fromParts = partsOf(start);
  const windowEnd = Math.min(
    utcDay(fromParts.year + SERIES_YEARS, fromParts.month - 1, start - fromParts.monthStart + 1),
    LAST_DAY,
  );
  const rule = withDefaults(checked, start);
  const keeps = dayFilter(rule);
  const dates: number[] = [];
  const partsOfDay = monthWalker();
  const kept: number[] = [];
  const picked: number[] = [];
  const beyondWindow = (): DatesReading =>
    dates.length === 0
      ? {
          ok: false,
          kind: "none",
          problem: `This repeat rule gives no date in the ${SERIES_YEARS} years from the event's date, ${from}.`,
        }
      : {
          ok: false,
          kind: "tooLong",
          problem: `A series' dates fall within ${SERIES_YEARS} years of the event's date; this rule goes on past ${dayOfNumber(windowEnd)}. Set an earlier end.`,
        };
  // Each period starts after the last (INTERVAL is at least 1) and the window is 20 years: a daily
  // rule's 7,305 periods are the most there can be, and each day of them is looked at once. The
  // count of days looked at bounds it too, for a rule not made by `readRepeatRule`.
  let looked = 0;
  for (let k = 0; ; k++) {
    const [periodStart, periodEnd] = period(rule, start, fromParts, k);
    if (until !== undefined && periodStart > until) break;
    if (periodStart > windowEnd || looked > DAY_BUDGET) return beyondWindow();
    kept.length = 0;
    for (let n = periodStart; n < periodEnd; n++, looked++) if (keeps(n, partsOfDay(n))) kept.push(n);
    if (kept.length === 0) continue;
    const chosen = rule.bySetPos.length === 0 ? kept : pickPositions(kept, rule.bySetPos, picked);
    for (const n of chosen) {
      if (n < start) continue;
      if (until !== undefined && n > until) return finish(dates, from);
      if (n > windowEnd) return beyondWindow();
      dates.push(n);
      if (dates.length > MAX_SERIES_DATES)
        return {
          ok: false,
          kind: "tooMany",
          problem: `A series has at most ${MAX_SERIES_DATES} dates; this rule gives more. Set an earlier end.`,
        };
      if (dates.length === rule.count) return finish(dates, from);
    }
  }
  return finish(dates, from);
}

function finish(dates: number[], from: string): DatesReading {
  if (dates.length === 0)
    return {
      ok: false,
      kind: "none",
      problem: `This repeat rule gives no date on or after the event's date, ${from}.`,
    };
  return { ok: true, dates: dates.map(dayOfNumber) };
}

/** The dates the rule in `text` gives from `from` on, or what is wrong with it. */
export function repeatDates(text: string, from: string): DatesReading {
  const reading = readRepeatRule(text);
  return reading.ok ? ruleDates(reading.rule, from) : { ok: false, kind: "rule", problem: reading.problem };
}

/**
 * What is wrong with a rule for a series from `from`, in the words the server's 400 uses; null when
 * it can be used (`club seed --check` says it with the file's line before anything is written).
 */
export function repeatRuleProblem(text: string, from: string): string | null {
  const reading = repeatDates(text, from);
  return reading.ok ? null : reading.problem;
}
