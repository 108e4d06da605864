import { landingOf, nextPath, sitePath } from "@club/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** Where a member goes after signing in (an admin lands elsewhere: see the last test). */
const next = (target: unknown) => nextPath(target, landingOf({ admin: false }));

/**
 * The one rule for "where to go next" (sign-in, the identity provider's return, any `redirect=`),
 * checked as a property: whatever comes in, what is sent is a path of this site, as a browser
 * reads a `Location` header.
 */
const SITE = "https://club.example";

/** Pieces an attacker combines: dot segments and their encodings, slashes real and look-alike, schemes. */
const pieces = [
  "/",
  "//",
  "///",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  "%2f",
  "%2F",
  "%5c",
  "\\",
  "\t",
  "\n",
  "\r",
  "\u0000",
  "%09",
  "%0a",
  "%00",
  " ",
  "\u00a0",
  "\u200b",
  "\u0085",
  "@",
  ":",
  "?",
  "#",
  "&",
  "=",
  "a",
  "events",
  "evil.example",
  "evil.example:443",
  "user:pass@evil.example",
  "javascript:",
  "alert(1)",
  "data:text/html,",
  "http:",
  "https://",
  "http://evil.example",
  "\u2215", // division slash
  "\u2044", // fraction slash
  "\uff0f", // fullwidth solidus
  "\u29f8", // big solidus
  "\uff3c", // fullwidth reverse solidus
  "\u3002", // ideographic full stop
  "\uff0e", // fullwidth full stop
];

const attack = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""));

/** How a browser reads a Location header sent from a page of this site. */
function followed(location: string): URL {
  return new URL(location, `${SITE}/login?redirect=x`);
}

function expectSitePath(path: string): void {
  expect(path.startsWith("/")).toBe(true);
  expect(path.startsWith("//")).toBe(false);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must never be sent.
  expect(/[\u0000-\u001f\u007f\\]/.test(path)).toBe(false);
  const url = followed(path);
  expect(url.origin).toBe(SITE);
  expect(`${url.pathname}${url.search}${url.hash}`).toBe(path);
}

describe("the rule for where to go next", () => {
  it("sends only paths of this site, whatever the encoding or trick", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          attack,
          attack.map((s) => `/${s}`),
          fc.string(),
          fc.webUrl(),
          fc.webPath(),
        ),
        (target) => {
          const path = sitePath(target);
          if (path !== null) expectSitePath(path);
          expectSitePath(next(target));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("keeps ordinary paths of this site as they are", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), fc.webFragments(), (path, query, fragment) => {
        const target = `/${path.replace(/^\/+/, "")}${query ? `?${query}` : ""}${fragment ? `#${fragment}` : ""}`;
        // A path the browser would itself rewrite (dot segments) is compared as the browser reads it.
        const read = followed(target);
        const expected = `${read.pathname}${read.search}${read.hash}`;
        if (!expected.startsWith("//")) expect(sitePath(target)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuses the probes that were reported, and the usual tricks", () => {
    for (const target of [
      "/.//evil.example/phish",
      "/..//evil.example",
      "/%2e%2e//evil.example",
      "/%2e//evil.example",
      "/a/../..//evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "http:/evil.example",
      "\\\\evil.example",
    ]) {
      expect(sitePath(target), JSON.stringify(target)).toBeNull();
      expect(next(target), JSON.stringify(target)).toBe("/member-home");
    }
  });

  it("keeps the paths a member comes back to, and never the Login screen or signing out", () => {
    expect(next("/events/spring-salon?tab=images")).toBe("/events/spring-salon?tab=images");
    expect(next("/events?next=%2F%2Fevil.example#top")).toBe("/events?next=%2F%2Fevil.example#top");
    expect(next("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(next("/\uff0fevil.example")).toBe("/%EF%BC%8Fevil.example");
    expect(next("/login")).toBe("/member-home");
    expect(next("/login?redirect=%2Fevents")).toBe("/member-home");
    expect(next("/logout")).toBe("/member-home");
    expect(next("/login-help")).toBe("/login-help");
    // Found in review: the router reads paths decoded and in any case.
    for (const target of ["/Logout", "/LOGIN?x=1", "/%6Cogout", "/%4c%4f%47%49%4e", "/logout/", "/%ZZ"]) {
      expect(next(target), target).toBe("/member-home");
    }
    expect(next(undefined)).toBe("/member-home");
    // Where she came from nowhere in particular: a member on My club, an admin on the Admin Panel.
    expect(nextPath(undefined, landingOf({ admin: true }))).toBe("/admin");
    expect(nextPath("/events", landingOf({ admin: true }))).toBe("/events");
  });
});
