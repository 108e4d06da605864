const BASE = "http://club.invalid";

/**
 * Where she lands after signing in when she came from nowhere in particular: an admin on the Admin
 * Panel, a member on her home (My club). Never the public pages: she has just said she is a member.
 */
export function landingOf(who: { admin: boolean }): string {
  return who.admin ? "/admin" : "/member-home";
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * A path of this site, or null: the one rule against open redirects. It judges what is finally
 * sent, not what came in: the target is resolved as a browser would (dot segments, `%2e`), and the
 * result must itself be a path of this site that resolves to itself. `/.//evil.example` and
 * `/..//evil.example` resolve to `//evil.example`, which a browser reads as another host; checking
 * for `//` before resolving let them through.
 *
 * Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so
 * `/\t/evil.example` or `/\evil.example` would leave the site: any control character or backslash
 * is refused, before and after resolving.
 */
export function sitePath(target: unknown): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return null;
  if (UNSAFE.test(target) || !target.startsWith("/")) return null;
  const path = resolved(target);
  if (path === null || path.startsWith("//") || UNSAFE.test(path)) return null;
  // What is sent must be read the same way again (a browser resolves the Location it gets).
  return resolved(path) === path ? path : null;
}

function resolved(target: string): string | null {
  try {
    const url = new URL(target, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * A path worth going back to after signing in (the Login screen, the identity provider's return, any
 * `redirect=`): a path of this site by `sitePath`, never the Login screen or signing out again; else null.
 */
export function keptPath(target: unknown): string | null {
  const path = sitePath(target);
  return path === null || leadsToSignIn(path) ? null : path;
}

/** Where to go after signing in: where she was going (`keptPath`), else where she lands (`landingOf`). */
export function nextPath(target: unknown, landing: string): string {
  return keptPath(target) ?? landing;
}

/**
 * Login or Logout as the router reads a path: decoded and in any case (`/%6Cogout`, `/LOGOUT`), so a
 * crafted `redirect` cannot sign her out again the moment she signs in.
 */
function leadsToSignIn(path: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(path, BASE).pathname).toLowerCase();
  } catch {
    return true;
  }
  return /^\/+(login|logout)\/*$/.test(pathname);
}
