import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

/** The auth status: `{authenticated, user}`; a failed check counts as signed out (SPEC.md section 7). */
export function useSession() {
  const status = useQuery({ ...trpc.auth.status.queryOptions(), staleTime: 60_000 });
  const user = status.data?.authenticated ? status.data.user : null;
  return { user, pending: status.isPending, refresh: status.refetch };
}
