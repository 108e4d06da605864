import { landingOf, nextPath } from "@club/shared";
import type { QueryClient } from "@tanstack/react-query";
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import type { Trpc } from "../../lib/trpc";

/**
 * Login for someone signed in already: nothing to do there, so on to where she was going, else where
 * she lands (her home; an admin's, the Admin Panel). After a session ended the status says signed out (session-ended.ts), so Login shows.
 *
 * Called from Login's loader, with `href` rather than a typed `to`: Login's own route type must not
 * depend on types made from it (a `beforeLoad` there, or a typed link to Login, made TypeScript's
 * inference of its search parameters circular).
 */
export async function leaveLoginWhenSignedIn(
  context: { queryClient: QueryClient; trpc: Trpc },
  location: Pick<ParsedLocation, "search">,
): Promise<void> {
  const status = await context.queryClient
    .ensureQueryData(context.trpc.auth.status.queryOptions())
    .catch(() => ({ authenticated: false as const }));
  if (!status.authenticated) return;
  const asked = (location.search as { redirect?: unknown }).redirect;
  throw redirect({ href: nextPath(asked, landingOf(status.user)), replace: true });
}
