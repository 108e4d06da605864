import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

/**
 * Her unread messages beside Messages in the menu and the bar, none when there are none. The bell's
 * stream keeps it live (useLiveNotifications); screen readers hear it as part of the link's name
 * ("Messages, 2 unread"), or the phone's menu button's ("Menu, 2 unread messages").
 */
export function MessagesCount({ what = "unread" }: { what?: string }) {
  const { data } = useQuery(trpc.conversations.unread.queryOptions());
  const unread = data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="messages-unread"
        className="ml-1 inline-flex min-w-5 justify-center rounded-full bg-plum px-1.5 align-[1px] text-[11px] leading-5 font-semibold text-white tabular-nums"
      >
        {unread > 99 ? "99+" : unread}
      </span>
      <span className="sr-only">
        , {unread} {what}
      </span>
    </>
  );
}
