import type { RouterOutputs } from "@club/api";
import { COMMENTS_PAGE } from "@club/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

export type CommentPage = RouterOutputs["comments"]["page"];
export type Comment = CommentPage["items"][number];

/**
 * An item's comments as the section reads them: newest first, a page at a time, with the count of
 * all of them. A busy item's thousand comments were one answer of 360 KB; a page is about seven.
 */
export const commentPagesOptions = (commentableId: string) =>
  trpc.comments.page.infiniteQueryOptions(
    { commentableId, limit: COMMENTS_PAGE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

/** The pages with a comment just posted on top (unless the live stream brought it first), counted. */
export function withPosted<P>(data: InfiniteData<CommentPage, P> | undefined, posted: Comment) {
  if (!data) return data;
  if (data.pages.some((page) => page.items.some((c) => c.id === posted.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [posted, ...first.items], total: first.total + 1 }, ...rest] };
}
