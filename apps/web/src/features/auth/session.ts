import { sitePath } from "@club/shared";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

/** The auth status: `{authenticated, user}`; a failed check counts as signed out (SPEC.md section 7). */
export function useSession() {
  const status = useQuery({ ...trpc.auth.status.queryOptions(), staleTime: 60_000 });
  const user = status.data?.authenticated ? status.data.user : null;
  return { user, pending: status.isPending, refresh: status.refetch };
}

/** A path of this site to return to after sign-in (no open redirect), or null; never Login or Logout. */
export function returnPath(target: unknown): string | null {
  const path = sitePath(target);
  if (path === null || path.startsWith("/login") || path.startsWith("/logout")) return null;
  return path;
}

/** Only paths of this site are followed after sign-in (no open redirect). */
export function safeRedirect(target: unknown): string {
  return returnPath(target) ?? "/home";
}
