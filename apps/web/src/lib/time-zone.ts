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

/**
 * A formatter of calendar days per zone, made once: making one costs far more than using it, and
 * every event card asks for today.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Today in the display zone (or the one given: a loader's, from the router's context), as a
 * calendar day ("2026-11-24"). Written with the platform's own
 * formatter: the route definitions that use it are in the first script, where a date library is not.
 */
export function today(timeZone: string = displayZone()): string {
  let days = dayFormats.get(timeZone);
  if (!days) {
    days = new Intl.DateTimeFormat("en", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, days);
  }
  // The parts, not the formatted text: their order and separators differ from one locale data to another.
  const parts = days.formatToParts(Date.now());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * Tells the server which zone this browser is in, for the pages it renders next. The first
 * formatter a page makes readies the browser's locale data (about 150 ms at a phone's speed), so this waits
 * until the page is idle (main.tsx) rather than delay the app's start.
 */
export function rememberBrowserZone(doc: Document): void {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  doc.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browser)}; path=/; max-age=31536000; samesite=lax`;
}
