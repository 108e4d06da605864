import type { RouterOutputs } from "@club/api";
import type { QueryClient } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc";

export type MemberPage = RouterOutputs["users"]["page"];
export type MemberRow = MemberPage["members"][number];

const pages = () => ({ queryKey: trpc.users.page.pathKey() });

/**
 * After a change to one member, the table is not asked for again: the changed row is written into
 * every page of it in the cache, where it stays put (a row that no longer fits a filter does not
 * jump away under the admin's hand). Those pages are marked stale without being fetched, so a
 * filter or page opened next shows the list as it now is.
 */
export function patchMember(queryClient: QueryClient, userId: string, change: Partial<MemberRow>): void {
  queryClient.setQueriesData<MemberPage>(pages(), (page) =>
    page ? { ...page, members: page.members.map((m) => (m.user_id === userId ? { ...m, ...change } : m)) } : page,
  );
  void queryClient.invalidateQueries({ ...pages(), refetchType: "none" });
}

/** A deleted member leaves every cached page she was on, and its count. */
export function removeMember(queryClient: QueryClient, userId: string): void {
  queryClient.setQueriesData<MemberPage>(pages(), (page) =>
    page?.members.some((m) => m.user_id === userId)
      ? { ...page, members: page.members.filter((m) => m.user_id !== userId), total: page.total - 1 }
      : page,
  );
  void queryClient.invalidateQueries({ ...pages(), refetchType: "none" });
}
