import { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import { keepWhileOpen, takeDraft } from "../../lib/kept-drafts";
import { trpc } from "../../lib/trpc";
import { isUnauthorized, sessionEnded, signInAgain } from "./session-ended";

/** A refusal as the tRPC client gives it to the query cache. */
const refusal = (code: string) =>
  new TRPCClientError("refused", { result: { error: { message: "refused", code: -32001, data: { code } } } });

describe("isUnauthorized", () => {
  it("recognises the server's refusal for want of a session, and nothing else", () => {
    expect(isUnauthorized(refusal("UNAUTHORIZED"))).toBe(true);
    expect(isUnauthorized(refusal("FORBIDDEN"))).toBe(false);
    expect(isUnauthorized(new Error("UNAUTHORIZED"))).toBe(false);
    expect(isUnauthorized(undefined)).toBe(false);
  });
});

describe("signInAgain", () => {
  it("sends her to Login with the message and the page to come back to", () => {
    expect(signInAgain("/calendar?view=month")).toEqual({
      to: "/login",
      search: { reason: "signed-out", redirect: "/calendar?view=month" },
    });
  });

  it("keeps no way back that leaves the site or leads to Login or Logout (the sitePath rule)", () => {
    for (const href of [
      "//evil.example",
      "https://evil.example/x",
      "/\t/evil.example",
      "/login?redirect=/x",
      "/logout",
    ]) {
      expect(signInAgain(href)).toEqual({ to: "/login", search: { reason: "signed-out" } });
    }
  });
});

function app(status: { authenticated: boolean }, nowSignedIn: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(
    trpc.auth.status.queryKey(),
    status.authenticated
      ? {
          authenticated: true as const,
          user: {
            id: "mia-id",
            name: "Mia",
            admin: false,
            type: "Standard",
            mustChangePassword: false,
            adminSignInRequired: false,
          },
        }
      : { authenticated: false as const, user: null },
  );
  vi.spyOn(queryClient, "fetchQuery").mockResolvedValue(
    nowSignedIn ? queryClient.getQueryData(trpc.auth.status.queryKey()) : { authenticated: false, user: null },
  );
  const navigate = vi.fn(async () => {});
  // A stand-in for the app's router: only what the handler reads and calls.
  const router = { state: { location: { href: "/events/e1?tab=notes", pathname: "/events/e1" } }, navigate };
  return { queryClient, trpc, router: router as unknown as AnyRouter, navigate };
}

describe("sessionEnded", () => {
  it("takes a member whose session ended to Login once, keeping what she typed", async () => {
    const a = app({ authenticated: true }, false);
    window.history.replaceState(null, "", "/events/e1");
    const forget = keepWhileOpen({
      path: "/events/e1",
      name: "comment",
      values: () => ({ content: "half a thought" }),
    });
    await Promise.all([sessionEnded(a, refusal("UNAUTHORIZED")), sessionEnded(a, refusal("UNAUTHORIZED"))]);
    forget();
    expect(a.navigate).toHaveBeenCalledTimes(1);
    expect(a.navigate).toHaveBeenCalledWith({
      to: "/login",
      search: { reason: "signed-out", redirect: "/events/e1?tab=notes" },
      replace: true,
    });
    expect(a.queryClient.getQueryData(trpc.auth.status.queryKey())).toEqual({ authenticated: false, user: null });
    expect(takeDraft("/events/e1", "comment", "mia-id")).toEqual({ content: "half a thought" });
    expect(takeDraft("/events/e1", "comment", "mia-id")).toBeUndefined();
  });

  it("leaves alone a refusal to a visitor (a wrong password on Login) and one while still signed in", async () => {
    const visitor = app({ authenticated: false }, false);
    await sessionEnded(visitor, refusal("UNAUTHORIZED"));
    expect(visitor.navigate).not.toHaveBeenCalled();
    const still = app({ authenticated: true }, true);
    await sessionEnded(still, refusal("UNAUTHORIZED"));
    expect(still.navigate).not.toHaveBeenCalled();
    const other = app({ authenticated: true }, false);
    expect(sessionEnded(other, refusal("NOT_FOUND"))).toBeUndefined();
  });
});
