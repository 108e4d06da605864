import { keptPath } from "@club/shared";
import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import { keepDrafts } from "../../lib/kept-drafts";
import { errorCode, type Trpc } from "../../lib/trpc";

/** The Login screen's word for "your session ended while the page was open" (its `reason`). */
export const SIGNED_OUT = "signed-out";
export const signedOutMessage = "You were signed out. Please sign in again.";

/** The server's refusal of a members' procedure to a caller with no session (`requireMember`). */
export const isUnauthorized = (err: unknown): boolean => errorCode(err) === "UNAUTHORIZED";

/**
 * Where a member goes whose session ended on the page at `href`: Login, with the message, and back
 * to that page after signing in when it is one of this site's (`keptPath`, the one rule for where to
 * go after signing in).
 */
export function signInAgain(href: unknown) {
  const back = keptPath(href);
  return {
    to: "/login" as const,
    search: { reason: SIGNED_OUT, ...(back ? { redirect: back } : {}) },
  };
}

interface App {
  queryClient: QueryClient;
  trpc: Trpc;
  router: AnyRouter;
}

let ending: Promise<void> | undefined;

/**
 * The one place a request refused for want of a session is handled, whatever made it: a route's
 * loader, a component's query, a poll, a mutation (see watchForEndedSession and the root route's
 * errorComponent). Until now such a refusal reached the router as an unexplained error
 * ("Unexpected Application Error!"). Several requests of a page fail together: they share one end.
 */
export function sessionEnded(app: App, err: unknown): Promise<void> | undefined {
  if (!isUnauthorized(err)) return undefined;
  ending ??= endSession(app).finally(() => {
    ending = undefined;
  });
  return ending;
}

async function endSession({ queryClient, trpc, router }: App): Promise<void> {
  const status = trpc.auth.status;
  // Only a page that was signed in can find its session ended: a refused sign-in (a wrong password
  // on the Login screen) is answered by its own form.
  const was = queryClient.getQueryData(status.queryKey());
  if (!was?.authenticated) return;
  // The auth status decides, as for the route guards: a refusal while she is still signed in (none
  // today) is the page's own; a failed check counts as signed out.
  const now = await queryClient.fetchQuery({ ...status.queryOptions(), staleTime: 0 }).catch(() => null);
  if (now?.authenticated) return;
  queryClient.setQueryData(status.queryKey(), { authenticated: false, user: null });
  // What she was typing waits for her return, and hers alone (lib/kept-drafts.ts).
  keepDrafts(was.user.id);
  // The address the router is showing or going to: a tap on "Month" brings her back to the month.
  // Replaced, so Back does not return to the page that failed.
  await router.navigate({ ...signInAgain(router.state.location.href), replace: true });
  // The pages she left showed a member's data: not kept in this browser for whoever signs in next
  // (the signed-out status stays: the guards read it).
  const statusHash = queryClient.getQueryCache().find({ queryKey: status.queryKey() })?.queryHash;
  queryClient.removeQueries({ type: "inactive", predicate: (query) => query.queryHash !== statusHash });
}

/** Installs the handler on every query and mutation of the browser's cache (main.tsx). */
export function watchForEndedSession(app: App): void {
  const failed = (event: { type: string; action?: { type: string; error?: unknown } }) => {
    if (event.type === "updated" && event.action?.type === "error") void sessionEnded(app, event.action.error);
  };
  app.queryClient.getQueryCache().subscribe(failed);
  app.queryClient.getMutationCache().subscribe(failed);
}
