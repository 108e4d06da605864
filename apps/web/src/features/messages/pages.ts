import type { RouterOutputs } from "@club/api";
import { infiniteQueryOptions, type QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import type { Trpc } from "../../lib/trpc";

export type ConversationList = RouterOutputs["conversations"]["list"];
export type ConversationSummary = ConversationList["items"][number];
export type Conversation = RouterOutputs["conversations"]["get"];
export type MessagesPage = RouterOutputs["conversations"]["messages"];
export type Message = MessagesPage["items"][number];
export type Person = Conversation["members"][number];

/**
 * Calls a procedure through its query options, as a page of an infinite query: the procedures of
 * Messages page back with `before`, where tRPC's own infinite options want an input named `cursor`.
 */
function fetchPage<T>(
  options: { queryKey: readonly unknown[]; queryFn?: unknown },
  context: { client: QueryClient; signal: AbortSignal },
): Promise<T> {
  const { queryFn } = options;
  if (typeof queryFn !== "function") throw new Error("A page was asked for without a way to fetch it.");
  return (queryFn as (c: Omit<QueryFunctionContext, "pageParam">) => Promise<T>)({
    client: context.client,
    queryKey: options.queryKey,
    signal: context.signal,
    meta: undefined,
  });
}

/** The conversations a page of her list holds. */
export const CONVERSATIONS_PAGE = 30;

/**
 * Her conversations, newest first, a page at a time ("Show older"), on the proxy given: the
 * browser's, or a loader's `context.trpc` when the server renders the page. Under the list's own
 * path: invalidating `conversations.list` reaches it.
 */
export const conversationPages = (t: Trpc) =>
  infiniteQueryOptions({
    queryKey: [...t.conversations.list.pathKey(), { type: "pages" }],
    queryFn: (c: QueryFunctionContext<readonly unknown[], string | undefined>) =>
      fetchPage<ConversationList>(
        t.conversations.list.queryOptions({
          limit: CONVERSATIONS_PAGE,
          ...(c.pageParam ? { before: c.pageParam } : {}),
        }),
        c,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/**
 * A conversation's messages: the newest page first, each page back ("Show earlier messages") from
 * the oldest shown. A refetch (the live stream's) reads the newest page again and the pages before
 * it from there, so a message written meanwhile takes its place without one being lost between pages.
 */
export const messagePages = (t: Trpc, id: string) =>
  infiniteQueryOptions({
    queryKey: [...t.conversations.messages.pathKey(), { id, type: "pages" }],
    queryFn: (c: QueryFunctionContext<readonly unknown[], string | undefined>) =>
      fetchPage<MessagesPage>(
        t.conversations.messages.queryOptions({ id, ...(c.pageParam ? { before: c.pageParam } : {}) }),
        c,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.older ?? undefined,
  });

/** The messages of every page loaded, oldest first (pages are newest first, each oldest first). */
export function messagesOf(pages: readonly MessagesPage[] | undefined): Message[] {
  const seen = new Set<string>();
  return [...(pages ?? [])]
    .reverse()
    .flatMap((p) => p.items)
    .filter((m) => !seen.has(m.id) && Boolean(seen.add(m.id)));
}
