/**
 * A repeat rule (an RFC 5545 RRULE without DTSTART) read part by part, each part checked against
 * the ranges RFC 5545 gives it and the club's own limits, with a sentence for each mistake. Written
 * here rather than taken from a calendar library because the club must refuse what those libraries
 * take on trust: `rrule` and ical.js both loop without end on INTERVAL=-1, and spin through the
 * years to 9999 on a rule that gives no date. The server, `club seed --check` and the web form read
 * rules with this one function.
 */

/** The most dates one series may have. */
export const MAX_SERIES_DATES = 200;

export const REPEAT_FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** Days of the week as a rule names them, Monday first (index 0 is Monday throughout). */
export const RULE_WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type RuleWeekday = (typeof RULE_WEEKDAYS)[number];

/** A BYDAY value: a day of the week (0 Monday … 6 Sunday), and which of them in the month or year. */
export interface RuleDay {
  weekday: number;
  /** 1 for the first, -1 for the last; undefined for every such day. */
  nth?: number;
}

/** A rule read and checked: every list sorted, without repeats. */
export interface RepeatRule {
  freq: RepeatFrequency;
  interval: number;
  count?: number;
  /** The last day the series may have (yyyy-MM-dd): UNTIL is read as a day of the club's calendar. */
  until?: string;
  byMonth: number[];
  byWeekNo: number[];
  byYearDay: number[];
  byMonthDay: number[];
  byDay: RuleDay[];
  bySetPos: number[];
  /** The day weeks start on (WKST), 0 for Monday. */
  weekStart: number;
}

/** A rule, or the sentence that says what is wrong with it. */
export type RuleReading = { ok: true; rule: RepeatRule } | { ok: false; problem: string };

const PARTS = [
  "FREQ",
  "INTERVAL",
  "COUNT",
  "UNTIL",
  "BYMONTH",
  "BYWEEKNO",
  "BYYEARDAY",
  "BYMONTHDAY",
  "BYDAY",
  "BYSETPOS",
  "WKST",
] as const;
type Part = (typeof PARTS)[number];

const EXAMPLE = "e.g. FREQ=MONTHLY;BYDAY=2TU;COUNT=6";

class RuleProblem extends Error {}
const problem = (sentence: string): never => {
  throw new RuleProblem(sentence);
};

/** A whole number written as digits, with an optional sign; NaN otherwise. */
function wholeNumber(text: string): number {
  return /^[+-]?\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * A list of numbers from 1 to `max` or -`max` to -1 (`BYMONTHDAY=1,15,-1`), sorted, without
 * repeats; `signed` false allows positive ones only.
 */
function numberList(name: string, value: string, max: number, what: string, signed = true): number[] {
  const range = signed ? `1 to ${max} or -${max} to -1` : `1 to ${max}`;
  const numbers = value.split(",").map((item) => {
    const n = wholeNumber(item.trim());
    const inRange = Number.isInteger(n) && Math.abs(n) >= 1 && Math.abs(n) <= max && (signed || n > 0);
    if (!inRange)
      problem(`${name} takes ${what} from ${range}, separated by commas; "${item.trim() || value}" is not one.`);
    return n;
  });
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function weekdayOf(name: string, text: string): number {
  const i = RULE_WEEKDAYS.indexOf(text as RuleWeekday);
  if (i < 0) problem(`${name} takes days of the week as MO, TU, WE, TH, FR, SA or SU; "${text}" is not one.`);
  return i;
}

/** A day of the calendar from the first eight digits of UNTIL (yyyyMMdd, or yyyyMMddTHHmmss[Z]). */
function untilDay(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(T([01]\d|2[0-3])[0-5]\d[0-5]\dZ?)?$/.exec(value);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const asDate = new Date(Date.UTC(year, month - 1, day));
  if (!m || year < 1 || asDate.getUTCMonth() !== month - 1 || asDate.getUTCDate() !== day)
    problem(`UNTIL is the series' last day, written like 20271231; "${value}" is not a day.`);
  return `${m?.[1]}-${m?.[2]}-${m?.[3]}`;
}

function frequencyOf(value: string): RepeatFrequency {
  if ((REPEAT_FREQUENCIES as readonly string[]).includes(value)) return value as RepeatFrequency;
  if (value === "FORTNIGHTLY" || value === "BIWEEKLY")
    problem(`${value} is not a frequency; use WEEKLY with INTERVAL=2.`);
  if (value === "HOURLY" || value === "MINUTELY" || value === "SECONDLY")
    problem(`An event repeats daily, weekly, monthly or yearly; ${value} is finer than a day.`);
  if (value === "QUARTERLY") problem("QUARTERLY is not a frequency; use MONTHLY with INTERVAL=3.");
  return problem(`${value || "An empty FREQ"} is not a frequency; use DAILY, WEEKLY, MONTHLY or YEARLY.`);
}

/** BYDAY's values: `TU`, `2TU` (the second Tuesday), `-1FR` (the last Friday). */
function dayList(value: string, freq: RepeatFrequency, byWeekNo: number[]): RuleDay[] {
  const days = value.split(",").map((item): RuleDay => {
    const m = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item.trim());
    if (!m)
      return problem(
        `BYDAY takes days of the week like TU, 2TU (the second) or -1FR (the last); "${item}" is not one.`,
      );
    const weekday = weekdayOf("BYDAY", m[2] ?? "");
    if (m[1] === undefined) return { weekday };
    const nth = Number(m[1]);
    if (freq !== "MONTHLY" && freq !== "YEARLY")
      problem(
        `A numbered day such as ${item} needs FREQ=MONTHLY or YEARLY; with ${freq} give the day alone (${m[2]}).`,
      );
    if (freq === "YEARLY" && byWeekNo.length > 0)
      problem(`A numbered day such as ${item} cannot be used with BYWEEKNO; give the day alone (${m[2]}).`);
    const max = freq === "MONTHLY" ? 5 : 53;
    if (nth === 0 || Math.abs(nth) > max)
      problem(
        `In a ${freq.toLowerCase()} rule a day's number goes from 1 to ${max} or -${max} to -1; ${item} is out of range.`,
      );
    return { weekday, nth };
  });
  const seen = new Map(days.map((d) => [`${d.nth ?? 0}${d.weekday}`, d]));
  return [...seen.values()].sort((a, b) => (a.nth ?? 0) - (b.nth ?? 0) || a.weekday - b.weekday);
}

function read(text: string): RepeatRule {
  const upper = text
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, "");
  if (!upper) problem("The repeat rule is empty.");
  if (/(^|;)\s*DTSTART/.test(upper) || /[\r\n]/.test(upper))
    problem("Leave DTSTART out of the repeat rule: the series starts on the event's date.");
  const parts = new Map<Part, string>();
  for (const piece of upper.split(";")) {
    if (piece.trim() === "") continue;
    const eq = piece.indexOf("=");
    if (eq < 0) problem(`Each part of a repeat rule is NAME=VALUE; "${piece.trim()}" is not (${EXAMPLE}).`);
    const name = piece.slice(0, eq).trim();
    const value = piece.slice(eq + 1).trim();
    if (name === "BYHOUR" || name === "BYMINUTE" || name === "BYSECOND")
      problem("A repeat rule gives days; the times are the event's (leave out BYHOUR, BYMINUTE, BYSECOND).");
    if (!(PARTS as readonly string[]).includes(name)) {
      const named = /^[A-Z][A-Z-]*$/.test(name) ? name : `"${name}"`;
      problem(`${named} is not part of a repeat rule; the parts are ${PARTS.join(", ")}.`);
    }
    if (parts.has(name as Part)) problem(`${name} is given twice in the repeat rule.`);
    if (value === "") problem(`${name} has no value.`);
    parts.set(name as Part, value);
  }
  const freqText = parts.get("FREQ");
  if (freqText === undefined) return problem("The repeat rule needs a FREQ, e.g. FREQ=WEEKLY;COUNT=8.");
  const freq = frequencyOf(freqText);

  let interval = 1;
  const intervalText = parts.get("INTERVAL");
  if (intervalText !== undefined) {
    interval = wholeNumber(intervalText);
    if (!(/^\+?\d+$/.test(intervalText) && interval >= 1 && interval <= 366))
      problem(`INTERVAL is a whole number from 1 to 366 (every so many ${unitOf(freq)}); "${intervalText}" is not.`);
  }

  const countText = parts.get("COUNT");
  const untilText = parts.get("UNTIL");
  if (countText !== undefined && untilText !== undefined)
    problem("Give a series one end: a number of times (COUNT) or a last date (UNTIL), not both.");
  if (countText === undefined && untilText === undefined)
    problem(
      `A repeating event needs an end: a number of times (COUNT, at most ${MAX_SERIES_DATES}) or a last date (UNTIL).`,
    );
  let count: number | undefined;
  if (countText !== undefined) {
    count = wholeNumber(countText);
    if (!(/^\+?\d+$/.test(countText) && count >= 1))
      problem(`COUNT is how many dates the series has, from 1 to ${MAX_SERIES_DATES}; "${countText}" is not.`);
    if (count > MAX_SERIES_DATES)
      problem(`A series has at most ${MAX_SERIES_DATES} dates; COUNT=${countText} asks for more.`);
  }
  const until = untilText === undefined ? undefined : untilDay(untilText);

  const list = (name: Part, max: number, what: string, signed = true) => {
    const value = parts.get(name);
    return value === undefined ? [] : numberList(name, value, max, what, signed);
  };
  const byMonth = list("BYMONTH", 12, "months", false);
  const byWeekNo = list("BYWEEKNO", 53, "week numbers");
  const byYearDay = list("BYYEARDAY", 366, "days of the year");
  const byMonthDay = list("BYMONTHDAY", 31, "days of the month");
  const bySetPos = list("BYSETPOS", 366, "positions");
  const dayText = parts.get("BYDAY");
  const byDay = dayText === undefined ? [] : dayList(dayText, freq, byWeekNo);
  const wkstText = parts.get("WKST");
  const weekStart = wkstText === undefined ? 0 : weekdayOf("WKST", wkstText);

  // What RFC 5545 allows with each frequency.
  if (byWeekNo.length > 0 && freq !== "YEARLY") problem("BYWEEKNO needs FREQ=YEARLY.");
  if (byYearDay.length > 0 && freq !== "YEARLY") problem("BYYEARDAY needs FREQ=YEARLY.");
  if (byMonthDay.length > 0 && freq === "WEEKLY")
    problem("A weekly rule gives days of the week (BYDAY), not days of the month (BYMONTHDAY).");
  if (
    bySetPos.length > 0 &&
    byMonth.length + byWeekNo.length + byYearDay.length + byMonthDay.length + byDay.length === 0
  )
    problem("BYSETPOS picks among the days another BY part gives (BYDAY, BYMONTHDAY…); add one.");

  return { freq, interval, count, until, byMonth, byWeekNo, byYearDay, byMonthDay, byDay, bySetPos, weekStart };
}

function unitOf(freq: RepeatFrequency): string {
  return { DAILY: "days", WEEKLY: "weeks", MONTHLY: "months", YEARLY: "years" }[freq];
}

/** The rule in `text`, checked part by part, or the first thing wrong with it in a sentence. */
export function readRepeatRule(text: string): RuleReading {
  try {
    return { ok: true, rule: read(text) };
  } catch (err) {
    if (err instanceof RuleProblem) return { ok: false, problem: err.message };
    throw err;
  }
}

const dayText = (d: RuleDay) => `${d.nth ?? ""}${RULE_WEEKDAYS[d.weekday]}`;

/**
 * The rule as it is stored and sent in calendars: FREQ first, then the other parts in one order,
 * the lists sorted, UNTIL as a day (yyyyMMdd), defaults (INTERVAL=1, WKST=MO) left out.
 */
export function repeatRuleText(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  const lists: [string, (string | number)[]][] = [
    ["BYMONTH", rule.byMonth],
    ["BYWEEKNO", rule.byWeekNo],
    ["BYYEARDAY", rule.byYearDay],
    ["BYMONTHDAY", rule.byMonthDay],
    ["BYDAY", rule.byDay.map(dayText)],
    ["BYSETPOS", rule.bySetPos],
  ];
  for (const [name, values] of lists) if (values.length > 0) parts.push(`${name}=${values.join(",")}`);
  if (rule.weekStart !== 0) parts.push(`WKST=${RULE_WEEKDAYS[rule.weekStart]}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== undefined) parts.push(`UNTIL=${rule.until.replaceAll("-", "")}`);
  return parts.join(";");
}
