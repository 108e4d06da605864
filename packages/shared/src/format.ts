import { format, parseISO } from "date-fns";

/** 'Mar 14, 2026' — SPEC.md's card format 'MMM dd, yyyy'. */
export function formatCardDate(isoDate: string): string {
  return format(parseISO(isoDate), "MMM dd, yyyy");
}

/** The card's date: one date, or 'X to Y' when the event ends on another day. */
export function formatCardDateRange(startDate: string, endDate: string | null | undefined): string {
  const start = formatCardDate(startDate);
  return endDate && endDate !== startDate ? `${start} to ${formatCardDate(endDate)}` : start;
}

/** 'Saturday, March 14, 2026' — the event page's long date. */
export function formatLongDate(isoDate: string): string {
  return format(parseISO(isoDate), "EEEE, MMMM d, yyyy");
}

/** '4:00 PM' from '16:00' — the event page's 12-hour time. */
export function formatTime12h(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

export function formatTimeRange(start: string, end: string): string {
  return `${formatTime12h(start)} – ${formatTime12h(end)}`;
}

/** The card's description: the first 120 characters plus an ellipsis when longer. */
export function truncateDescription(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** SPEC.md section 4's relative time of a comment. */
export function formatCommentAge(createdAt: Date | string, now: Date = new Date()): string {
  const diff = now.getTime() - new Date(createdAt).getTime();
  if (diff < 5 * MINUTE) return "commented";
  if (diff < 60 * MINUTE) return `${Math.floor(diff / MINUTE)} minutes ago`;
  if (diff < 12 * HOUR) return `${Math.floor(diff / HOUR)} hours ago`;
  if (diff < 30 * DAY) {
    // Between 12 and 24 hours reads "1 day ago", not "0 days ago".
    const days = Math.max(1, Math.floor(diff / DAY));
    return `${days} ${days === 1 ? "day" : "days"} ago`;
  }
  const months = Math.floor(diff / (30 * DAY));
  return `${months} ${months === 1 ? "month" : "months"} ago`;
}

/**
 * An address shown to whoever holds a link, not to its owner alone ("a•••e@example.com"): enough
 * for her to know it is hers, too little to give it away.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const local = email.slice(0, at);
  const shown = local.length > 3 ? `${local[0]}•••${local.at(-1)}` : `${local[0]}•••`;
  return `${shown}${email.slice(at)}`;
}

/** A stay's dates: 'Jul 12, 2031 to Jul 19, 2031 · 7 nights'. */
export function formatStayDates(arrive: string, depart: string, nights: number): string {
  return `${formatCardDate(arrive)} to ${formatCardDate(depart)} · ${nights} night${nights === 1 ? "" : "s"}`;
}

/** An amount of the club's currency, as members read it: "$150", "$62.50". */
export function formatMoney(amount: number): string {
  return amount.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** Today in a time zone, as a plain day (`YYYY-MM-DD`): a home's days are its own zone's. */
export function todayInZone(timeZone: string, now = new Date()): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/**
 * What names a photo or video wherever a title goes: the title she gave it, or until she gives one
 * its kind and the day it was uploaded ("Photo, 6 December"; "Video, 6 December 2025" in another
 * year). A file's own name ("IMG_0042.MOV") is never shown as a title.
 */
export function mediaLabel(
  item: { title: string | null | undefined; mediaType: string; uploadDate: Date | string },
  timeZone: string,
  now = new Date(),
): string {
  const title = item.title?.trim();
  if (title) return title;
  return `${item.mediaType === "video" ? "Video" : "Photo"}, ${uploadDay(item.uploadDate, timeZone, now)}`;
}

/** "6 December", with the year when it is not this one. */
export function uploadDay(at: Date | string, timeZone: string, now = new Date()): string {
  const day = new Date(at);
  const year = (d: Date) => new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric" }).format(d);
  const thisYear = year(day) === year(now);
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "long",
    ...(thisYear ? {} : { year: "numeric" }),
  }).format(day);
}
