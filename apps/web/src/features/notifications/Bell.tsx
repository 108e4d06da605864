import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useRef } from "react";
import { useReopenLive } from "../../lib/live";
import { trpc } from "../../lib/trpc";

/** What the bell's stream tells at each change. */
export interface LiveNews {
  unread: number;
  messages: { unread: number; changed: string | null };
}

/**
 * One event of the bell's stream into the cache: both unread numbers, the notifications' list, and,
 * when her conversations changed since `changedBefore` (a message written, read, muted or left), her
 * list of them and an open conversation, read again. At the first event too (`changedBefore`
 * undefined): it may tell of a message written while the page was on its way. Returns when her
 * conversations last changed, for the next event.
 */
export function applyLiveNews(
  queryClient: QueryClient,
  { unread, messages }: LiveNews,
  changedBefore: string | null | undefined,
): string | null {
  queryClient.setQueryData(trpc.notifications.unread.queryKey(), { unread });
  // The list, if open, shows what is new.
  void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
  queryClient.setQueryData(trpc.conversations.unread.queryKey(), { unread: messages.unread });
  if (messages.changed !== changedBefore)
    for (const path of [trpc.conversations.list, trpc.conversations.messages, trpc.conversations.get])
      void queryClient.invalidateQueries({ queryKey: path.pathKey() });
  return messages.changed;
}

/**
 * Keeps her unread count live: the server's stream tells each change (a new comment, like or
 * invitation, from whichever server instance it came through) without a reload; and her Messages:
 * their unread number, and when any of her conversations changed. Called once, by
 * the header, whatever number of bells it shows. A stream the server ended (another tab took its
 * place, the server stopped) opens again once the page is shown (useReopenLive).
 */
export function useLiveNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  // When her conversations last changed, as the stream last told it.
  const messagesChanged = useRef<string | null | undefined>(undefined);
  const live = useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      enabled,
      onData: (event) => {
        messagesChanged.current = applyLiveNews(queryClient, event.data, messagesChanged.current);
      },
    }),
  );
  useReopenLive(live, enabled);
}

/** The bell: her unread count, leading to the list. */
export function Bell() {
  const { data } = useQuery(trpc.notifications.unread.queryOptions());
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-plum hover:bg-plum-soft"
      activeProps={{ className: "bg-plum-soft", "aria-current": "page" }}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" strokeLinejoin="round" />
        <path d="M10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-plum px-1.5 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
