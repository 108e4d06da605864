import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * The zone moments (an upload, a message sent) are shown in. A page rendered on the server is
 * rendered in one zone, and the browser's first render must print the same text: it takes the
 * server's zone from the page and keeps it. Otherwise the browser's own zone. The server picks the
 * member's zone from the `tz` cookie this app sets (TIME_ZONE_COOKIE), else the club's.
 */
let zone: string | undefined;

export const TIME_ZONE_COOKIE = "tz";

export function setDisplayZone(timeZone: string | undefined): void {
  zone = timeZone;
}

export function displayZone(): string {
  return zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A moment as text, in the display zone. */
export function formatMoment(moment: Date, pattern: string): string {
  return format(new TZDate(moment, displayZone()), pattern);
}

/** Now, with its calendar fields in the display zone (today, this month, this year). */
export function now(): Date {
  return new TZDate(Date.now(), displayZone());
}

/** Tells the server which zone this browser is in, for the pages it renders next. */
export function rememberBrowserZone(doc: Document): void {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  doc.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browser)}; path=/; max-age=31536000; samesite=lax`;
}
