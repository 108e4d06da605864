const BASE = "http://club.invalid";

/**
 * A path of this site to go to after signing in, or null: the one rule against open redirects, for
 * the Login screen and the identity provider's return. Browsers drop tabs and line breaks from a
 * URL and read a backslash as a slash, so `/\t/evil.example` or `/\evil.example` would leave the
 * site: any control character or backslash is refused, and what is left must resolve on this site.
 */
export function sitePath(target: unknown): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
