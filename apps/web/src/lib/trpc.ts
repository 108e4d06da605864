import type { AppRouter } from "@club/api";
import { QueryClient } from "@tanstack/react-query";
import {
  createTRPCClient,
  httpBatchLink,
  httpSubscriptionLink,
  isTRPCClientError,
  splitLink,
  TRPCClientError,
} from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";

/** The query cache's rules, the same in the browser and for a page rendered on the server. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused call (401, 403, 404, 400) will not succeed by asking again.
        retry: (count, err) => !(err instanceof TRPCClientError && (err.data?.httpStatus ?? 500) < 500) && count < 2,
      },
    },
  });
}

/** The browser's cache; the server makes one per page it renders (a cache shared there would mix members' data). */
export const queryClient = createQueryClient();

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // Live streams (the bell, an open page's comments) as server-sent events: the browser's
      // EventSource reconnects by itself and sends the last event's id.
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url: "/trpc", transformer: superjson }),
      false: httpBatchLink({ url: "/trpc", transformer: superjson, maxItems: 20 }),
    }),
  ],
});

/** Query and mutation options for every procedure: `useQuery(trpc.events.list.queryOptions())`. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;

/** The server's message for a person, or `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof TRPCClientError && err.message && err.data?.httpStatus !== 500 ? err.message : fallback;
}

export function errorCode(err: unknown): string | undefined {
  return isTRPCClientError<AppRouter>(err) ? err.data?.code : undefined;
}
