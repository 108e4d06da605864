/**
 * The dates a repeat rule gives from the event's date on, read as RFC 5545 reads them with the
 * event's date as DTSTART: the series' first date is the first day on or after it that the rule
 * gives. The reading is bounded whatever the rule: it never looks further than SERIES_YEARS years
 * past the event's date, nor at more than a fixed number of days, so a rule that gives no date, or
 * a date once a century, costs the same few thousand steps as any other (about a millisecond).
 */
import { MAX_SERIES_DATES, type RepeatRule, readRepeatRule } from "./rule";

/** A series' dates all fall within this many years of the event's date. */
export const SERIES_YEARS = 20;

/** Days a reading over `years` may look at: every day of the window once, and the rest of the years it begins and ends in. */
const dayBudget = (years: number) => (years + 2) * 366;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a day of the calendar (yyyy-MM-dd), counted in UTC so no zone moves it. */
export function dayNumber(day: string): number {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** The day (yyyy-MM-dd) of a day number. */
export const dayOfNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday). */
export const weekdayOfNumber = (n: number): number => (((n + 3) % 7) + 7) % 7;

const firstOfMonth = (year: number, monthIndex: number) => Date.UTC(year, monthIndex, 1) / DAY_MS;

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

/** A value from the start (1, 2…) or the end (-1, -2…) of a run of `length`, as a rule lists it. */
const listed = (values: readonly number[], position: number, length: number) =>
  values.includes(position) || values.includes(position - length - 1);

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

/** Does the rule's BY parts keep this day (in month `p`)? */
function keeps(rule: RepeatRule, n: number, p: DayParts): boolean {
  if (rule.byMonth.length > 0 && !rule.byMonth.includes(p.month)) return false;
  if (rule.byWeekNo.length > 0) {
    const { week, weeks } = weekNumber(n, p.year, rule.weekStart);
    if (!listed(rule.byWeekNo, week, weeks)) return false;
  }
  if (rule.byYearDay.length > 0 && !listed(rule.byYearDay, n - p.yearStart + 1, p.yearEnd - p.yearStart)) return false;
  if (rule.byMonthDay.length > 0 && !listed(rule.byMonthDay, n - p.monthStart + 1, p.monthEnd - p.monthStart))
    return false;
  if (rule.byDay.length > 0) {
    const weekday = weekdayOfNumber(n);
    // A numbered day counts within the month (MONTHLY, or YEARLY with BYMONTH), else within the year.
    const inMonth = rule.freq === "MONTHLY" || rule.byMonth.length > 0;
    const [start, end] = inMonth ? [p.monthStart, p.monthEnd] : [p.yearStart, p.yearEnd];
    const fromStart = Math.floor((n - start) / 7) + 1;
    const fromEnd = -(Math.floor((end - 1 - n) / 7) + 1);
    const named = rule.byDay.some(
      (d) => d.weekday === weekday && (d.nth === undefined || d.nth === fromStart || d.nth === fromEnd),
    );
    if (!named) return false;
  }
  return true;
}

/** The days of the rule's k-th period (a day, a week, a month or a year), as day numbers [start, end). */
function period(rule: RepeatRule, from: number, k: number): [number, number] {
  const step = k * rule.interval;
  switch (rule.freq) {
    case "DAILY":
      return [from + step, from + step + 1];
    case "WEEKLY": {
      const start = from - ((weekdayOfNumber(from) - rule.weekStart + 7) % 7) + 7 * step;
      return [start, start + 7];
    }
    case "MONTHLY": {
      const p = partsOf(from);
      return [firstOfMonth(p.year, p.month - 1 + step), firstOfMonth(p.year, p.month + step)];
    }
    case "YEARLY": {
      const p = partsOf(from);
      return [firstOfMonth(p.year + step, 0), firstOfMonth(p.year + step + 1, 0)];
    }
  }
}

/** The series' dates, or the sentence that says why the rule cannot make one. */
export type DatesReading = { ok: true; dates: string[] } | { ok: false; problem: string };

/**
 * The dates (yyyy-MM-dd) a checked rule gives from `from` on: at least one, at most
 * MAX_SERIES_DATES, all within `years` years of `from` (SERIES_YEARS for a new series; a stored
 * series made before that limit is read with a wider window).
 */
export function ruleDates(checked: RepeatRule, from: string, years = SERIES_YEARS): DatesReading {
  const start = dayNumber(from);
  const until = checked.until === undefined ? undefined : dayNumber(checked.until);
  if (checked.until !== undefined && until !== undefined && until < start)
    return { ok: false, problem: `The series ends (UNTIL ${checked.until}) before the event's date, ${from}.` };
  const [fy = 1970, fm = 1, fd = 1] = from.split("-").map(Number);
  const windowEnd = Date.UTC(fy + years, fm - 1, fd) / DAY_MS;
  const budget = dayBudget(years);
  const rule = withDefaults(checked, start);
  const dates: number[] = [];
  const partsOfDay = monthWalker();
  let looked = 0;
  const beyondWindow = (): DatesReading => ({
    ok: false,
    problem:
      dates.length === 0
        ? `This repeat rule gives no date in the ${years} years from the event's date, ${from}.`
        : `A series' dates fall within ${years} years of the event's date; this rule goes on past ${dayOfNumber(windowEnd)}. Set an earlier end.`,
  });
  for (let k = 0; ; k++) {
    const [periodStart, periodEnd] = period(rule, start, k);
    if (until !== undefined && periodStart > until) break;
    if (periodStart > windowEnd) return beyondWindow();
    const kept: number[] = [];
    for (let n = periodStart; n < periodEnd; n++) {
      // Never reached by a checked rule (the window allows fewer days); a bound that needs no proof.
      if (++looked > budget) return beyondWindow();
      if (keeps(rule, n, partsOfDay(n))) kept.push(n);
    }
    const chosen =
      rule.bySetPos.length === 0
        ? kept
        : [
            ...new Set(
              rule.bySetPos.flatMap((pos) => {
                const day = kept[pos > 0 ? pos - 1 : kept.length + pos];
                return day === undefined ? [] : [day];
              }),
            ),
          ].sort((a, b) => a - b);
    for (const n of chosen) {
      if (n < start) continue;
      if (until !== undefined && n > until) return finish(dates, from);
      if (n > windowEnd) return beyondWindow();
      dates.push(n);
      if (dates.length > MAX_SERIES_DATES)
        return {
          ok: false,
          problem: `A series has at most ${MAX_SERIES_DATES} dates; this rule gives more. Set an earlier end.`,
        };
      if (dates.length === rule.count) return finish(dates, from);
    }
  }
  return finish(dates, from);
}

function finish(dates: number[], from: string): DatesReading {
  if (dates.length === 0)
    return { ok: false, problem: `This repeat rule gives no date on or after the event's date, ${from}.` };
  return { ok: true, dates: dates.map(dayOfNumber) };
}

/** The dates the rule in `text` gives from `from` on (within `years`), or what is wrong with it. */
export function repeatDates(text: string, from: string, years = SERIES_YEARS): DatesReading {
  const reading = readRepeatRule(text);
  return reading.ok ? ruleDates(reading.rule, from, years) : reading;
}

/**
 * What is wrong with a rule for a series from `from`, in the words the server's 400 uses; null when
 * it can be used (`club seed --check` says it with the file's line before anything is written).
 */
export function repeatRuleProblem(text: string, from: string): string | null {
  const reading = repeatDates(text, from);
  return reading.ok ? null : reading.problem;
}
