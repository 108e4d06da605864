// @vitest-environment node
import type { AppRouter } from "@club/api";
import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { render } from "./entry-server";

/**
 * The server's renderer with a stand-in for the API: an admin whose right the club's sign-in rule
 * withholds (signed in with a password where a passkey is required). It answers only the
 * auth status: a page that asked anything else before its guard refused her would fail loudly.
 */
const t = initTRPC.create({ transformer: superjson });
const refusedAdmin = t.router({
  auth: t.router({
    status: t.procedure.query(() => ({
      authenticated: true as const,
      user: {
        id: "00000000-0000-4000-8000-000000000001",
        name: "Alexandra Admin",
        email: "admin@club.local",
        type: "Founding",
        admin: false,
        mustChangePassword: false,
        adminSignInRequired: true,
      },
    })),
  }),
});
// The stand-in answers only what these pages ask before the guard refuses; the renderer's type is
// the whole API's, which a test router cannot be without the server's packages.
const router = refusedAdmin as unknown as AppRouter;

const ADMIN_PAGES = [
  "/admin",
  "/applications",
  "/audit-log",
  "/invitation-codes",
  "/jobs",
  "/mail",
  "/outbox",
  "/security-settings",
  "/users",
];

describe("an admin page rendered for an admin the sign-in rule refuses", () => {
  it("answers 403 with the page that says why, on every admin page (was 500)", async () => {
    for (const url of ADMIN_PAGES) {
      const page = await render({ url, router, createContext: async () => ({}) as never, timeZone: "UTC" });
      expect(page.kind, url).toBe("page");
      if (page.kind !== "page") continue;
      expect(page.status, url).toBe(403);
      expect(page.html, url).toContain("Sign in with a passkey to use the admin tools");
    }
  });
});

describe("Login rendered for someone signed in already", () => {
  it("redirects to her home, or to the page it was asked to return to (never off the site)", async () => {
    const at = async (url: string) => {
      const page = await render({ url, router, createContext: async () => ({}) as never, timeZone: "UTC" });
      return page.kind === "redirect" ? page.location : `${page.kind} ${page.status}`;
    };
    expect(await at("/login")).toBe("/member-home");
    expect(await at("/login?redirect=%2Fgallery%3Ftag%3Dtea")).toBe("/gallery?tag=tea");
    expect(await at("/login?redirect=%2F%2Fevil.example")).toBe("/member-home");
  });
});
