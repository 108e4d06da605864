import type { Trpc } from "../../../lib/trpc";

/** Messages per page of an endpoint's log (the server's default page). */
export const DELIVERY_PAGE = 50;

/**
 * An endpoint's delivery log as pages, newest first, for "Load more", on the proxy given: the
 * browser's, or a loader's `context.trpc` when the server renders the page.
 */
export const deliveryPages = (t: Trpc, id: string) =>
  t.webhooks.deliveries.infiniteQueryOptions(
    { id, limit: DELIVERY_PAGE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
