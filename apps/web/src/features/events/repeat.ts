/**
 * The wizard's "Repeats" field: its controls' values, the RFC 5545 rule (RRULE without DTSTART)
 * they make, the dates that rule gives from the event's date on, and a sentence saying so. The
 * dates are read by `@club/shared`'s `repeatDates`, the reading the server makes of the same rule,
 * so the sentence names the dates the server will create and the form refuses what it would.
 */
import {
  dayNumber,
  formatCardDate,
  MAX_SERIES_DATES,
  repeatDates as readSeriesDates,
  weekdayOfNumber,
} from "@club/shared";
import { z } from "zod";

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};

/** The fewest "after N times" takes (the most is the server's MAX_SERIES_DATES). */
export const MIN_REPEAT_TIMES = 2;
/** "Every N weeks" goes up to this. */
export const MAX_WEEK_INTERVAL = 12;

/** The controls' values, as the form holds them (numbers typed are strings). */
export const repeatFields = z.object({
  freq: z.enum(["never", "weekly", "monthly"]),
  /** Weekly: the days of the week. */
  days: z.array(z.enum(WEEKDAYS)),
  /** Weekly: every N weeks, "1" to "12". */
  interval: z.string(),
  /** Monthly: on the date's day of the month, its nth weekday, or the month's last such weekday. */
  monthly: z.enum(["day", "nth", "last"]),
  ends: z.enum(["count", "until"]),
  count: z.string(),
  /** The last day (yyyy-MM-dd), when it ends on a date. */
  until: z.string(),
});
export type RepeatForm = z.infer<typeof repeatFields>;
export type MonthlyChoice = RepeatForm["monthly"];

export const REPEAT_DEFAULTS: RepeatForm = {
  freq: "never",
  days: [],
  interval: "1",
  monthly: "day",
  ends: "count",
  count: "6",
  until: "",
};

const DAY_MS = 86_400_000;

/** What the date is within its week and month. */
export function dayParts(day: string) {
  const n = dayNumber(day);
  const date = new Date(n * DAY_MS);
  const dayOfMonth = date.getUTCDate();
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    weekday: WEEKDAYS[weekdayOfNumber(n)] ?? "MO",
    dayOfMonth,
    /** Which of the month's such weekdays it is: 1 to 5. */
    nth: Math.ceil(dayOfMonth / 7),
    /** It is the month's last such weekday. */
    last: dayOfMonth + 7 > daysInMonth,
  };
}

export const weekdayOf = (day: string): Weekday => dayParts(day).weekday;

const ORDINAL_WORDS = ["first", "second", "third", "fourth", "fifth"];

/** "1st", "2nd", "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * The monthly choices the date allows: its day of the month, its nth weekday (first to fourth: a
 * fifth is not in every month) and, in the month's last seven days, the last such weekday.
 */
export function monthlyOptions(day: string): { value: MonthlyChoice; label: string }[] {
  const p = dayParts(day);
  const name = WEEKDAY_NAMES[p.weekday];
  return [
    { value: "day" as const, label: `On day ${p.dayOfMonth}` },
    ...(p.nth <= 4 ? [{ value: "nth" as const, label: `On the ${ORDINAL_WORDS[p.nth - 1]} ${name}` }] : []),
    ...(p.last ? [{ value: "last" as const, label: `On the last ${name}` }] : []),
  ];
}

/** The choice as the date allows it: an nth weekday the date cannot have is its last, and back. */
export function effectiveMonthly(choice: MonthlyChoice, day: string): MonthlyChoice {
  const p = dayParts(day);
  if (choice === "nth" && p.nth > 4) return "last";
  if (choice === "last" && !p.last) return "nth";
  return choice;
}

/** The weekly days, Monday first; none chosen means the date's own weekday. */
function weeklyDays(form: RepeatForm, day: string): Weekday[] {
  const chosen = WEEKDAYS.filter((d) => form.days.includes(d));
  return chosen.length > 0 ? chosen : [weekdayOf(day)];
}

const wholeNumber = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

function weekInterval(form: RepeatForm): number {
  const n = wholeNumber(form.interval);
  return Number.isInteger(n) && n >= 1 && n <= MAX_WEEK_INTERVAL ? n : 1;
}

/**
 * The rule the controls make, from the event's date (yyyy-MM-dd), or undefined when it does not
 * repeat: FREQ=MONTHLY;BYDAY=2TU;COUNT=6, FREQ=WEEKLY;BYDAY=TU,TH;INTERVAL=2;UNTIL=20270630.
 */
export function buildRepeatRule(form: RepeatForm, day: string): string | undefined {
  if (form.freq === "never") return undefined;
  const parts: string[] = [];
  if (form.freq === "weekly") {
    parts.push("FREQ=WEEKLY", `BYDAY=${weeklyDays(form, day).join(",")}`);
    const interval = weekInterval(form);
    if (interval > 1) parts.push(`INTERVAL=${interval}`);
  } else {
    const p = dayParts(day);
    const choice = effectiveMonthly(form.monthly, day);
    parts.push(
      "FREQ=MONTHLY",
      choice === "day" ? `BYMONTHDAY=${p.dayOfMonth}` : `BYDAY=${choice === "last" ? -1 : p.nth}${p.weekday}`,
    );
  }
  parts.push(form.ends === "until" ? `UNTIL=${form.until.replaceAll("-", "")}` : `COUNT=${wholeNumber(form.count)}`);
  return parts.join(";");
}

/**
 * The dates (yyyy-MM-dd) the rule gives from the event's date on, read as the server reads it, or
 * the sentence saying why it gives none it can use. Empty when it does not repeat or its end is
 * not set yet.
 */
export function repeatDates(form: RepeatForm, day: string): string[] {
  const reading = repeatReading(form, day);
  return reading?.ok ? reading.dates : [];
}

function repeatReading(form: RepeatForm, day: string) {
  const rule = buildRepeatRule(form, day);
  const incomplete =
    form.ends === "count" ? Number.isNaN(wholeNumber(form.count)) : !/^\d{4}-\d{2}-\d{2}$/.test(form.until);
  return rule === undefined || incomplete ? undefined : readSeriesDates(rule, day);
}

export type RepeatProblems = { [K in "days" | "interval" | "count" | "until"]?: string | undefined };

/** What keeps the controls from making a rule the server takes, by control; none when it does not repeat. */
export function repeatProblems(form: RepeatForm, day: string): RepeatProblems {
  if (form.freq === "never") return {};
  const problems: RepeatProblems = {};
  if (form.freq === "weekly") {
    if (form.days.length === 0) problems.days = "Choose at least one day of the week.";
    const interval = wholeNumber(form.interval);
    if (!(interval >= 1 && interval <= MAX_WEEK_INTERVAL))
      problems.interval = `Choose every 1 to ${MAX_WEEK_INTERVAL} weeks.`;
  }
  if (form.ends === "count") {
    const count = wholeNumber(form.count);
    if (!(count >= MIN_REPEAT_TIMES && count <= MAX_SERIES_DATES))
      problems.count = `Choose from ${MIN_REPEAT_TIMES} to ${MAX_SERIES_DATES} times.`;
  } else if (!form.until) problems.until = "Choose the last date.";
  else if (form.until < day)
    problems.until = `The last date must be on or after the event's date, ${formatCardDate(day)}.`;
  if (Object.keys(problems).length > 0) return problems;
  const reading = repeatReading(form, day);
  const field = form.ends === "until" ? "until" : "count";
  if (reading && !reading.ok)
    problems[field] =
      reading.kind === "tooMany"
        ? `That makes more than ${MAX_SERIES_DATES} dates, the most a series may have. Choose an earlier last date.`
        : reading.problem;
  else if (reading && reading.dates.length < MIN_REPEAT_TIMES)
    problems.until = "That makes only one date. Choose a later last date, or Never for a single event.";
  return problems;
}

/** "Tuesday", "Tuesday and Thursday", "Monday, Wednesday and Friday". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** How it repeats, in the sentence's words: "every Tuesday", "on the second Tuesday of every month". */
export function repeatPattern(form: RepeatForm, day: string): string {
  if (form.freq === "weekly") {
    const days = listed(weeklyDays(form, day).map((d) => WEEKDAY_NAMES[d]));
    const interval = weekInterval(form);
    return interval === 1 ? `every ${days}` : `every ${interval} weeks on ${days}`;
  }
  const p = dayParts(day);
  const choice = effectiveMonthly(form.monthly, day);
  if (choice === "day") return `on the ${ordinal(p.dayOfMonth)} of every month`;
  const which = choice === "last" ? "last" : ORDINAL_WORDS[p.nth - 1];
  return `on the ${which} ${WEEKDAY_NAMES[p.weekday]} of every month`;
}

/**
 * What will happen, in a sentence under the field: "6 dates on the second Tuesday of every month,
 * Mar 10, 2026 to Aug 11, 2026." Empty when it does not repeat or the controls have a problem.
 */
export function repeatSentence(form: RepeatForm, day: string): string {
  if (form.freq === "never" || Object.keys(repeatProblems(form, day)).length > 0) return "";
  const dates = repeatDates(form, day);
  const first = dates[0] ?? day;
  const last = dates.at(-1) ?? day;
  let sentence = `${dates.length} dates ${repeatPattern(form, day)}, ${formatCardDate(first)} to ${formatCardDate(last)}.`;
  if (first !== day) sentence += ` The event's date, ${formatCardDate(day)}, is not one of them.`;
  const p = dayParts(day);
  if (form.freq === "monthly" && effectiveMonthly(form.monthly, day) === "day" && p.dayOfMonth > 28)
    sentence += ` Months without a ${ordinal(p.dayOfMonth)} are skipped.`;
  return sentence;
}
