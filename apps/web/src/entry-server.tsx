import type { AppRouter } from "@club/api";
import { QueryClientProvider } from "@tanstack/react-query";
import { type AnyRouter, createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { createRequestHandler, getSsrStatus } from "@tanstack/react-router/ssr/server";
import { createTRPCClient, isTRPCClientError, unstable_localLink } from "@trpc/client";
import type { inferRouterContext } from "@trpc/server";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import superjson from "superjson";
import { AdminSignInRequiredError } from "./features/auth/guards";
import { pageStateText } from "./lib/page-state";
import { setDisplayZone } from "./lib/time-zone";
import { createQueryClient } from "./lib/trpc";
import { createAppRouter } from "./router";

/**
 * Renders a page's first screen on the server: the router's loaders run here, calling the
 * procedures directly with the request's own context (its session, so the same access rules), and
 * the HTML goes out with the query cache it was made from. The browser then hydrates the same tree.
 */
export interface RenderRequest {
  /** The path and query of the page. */
  url: string;
  router: AppRouter;
  /** The request's context: the procedures see the visitor exactly as over HTTP. */
  createContext: () => Promise<inferRouterContext<AppRouter>>;
  /** The zone moments are shown in (the member's, else the club's); the page tells the browser. */
  timeZone: string;
  /** The request came with a session cookie whose session has ended (routes/__root.tsx). */
  sessionEnded?: boolean;
}

export type RenderResult =
  | { kind: "redirect"; location: string }
  | { kind: "page"; status: number; html: string; state: string; timeZone: string };

export async function render({
  url,
  router: appRouter,
  createContext,
  timeZone,
  sessionEnded = false,
}: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const client = createTRPCClient<AppRouter>({
    links: [unstable_localLink({ router: appRouter, createContext, transformer: superjson })],
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  // A router made for the server (the request handler below gives it the request's own history).
  const router = createAppRouter(
    { trpc, queryClient, timeZone, sessionEnded },
    { history: createMemoryHistory({ initialEntries: [url] }) },
  );
  // Every page's header shows whether she is signed in: asked once here, as the browser would.
  await queryClient.prefetchQuery(trpc.auth.status.queryOptions());
  // TanStack's request handler loads the route and answers a guard's redirect itself (a Response
  // with its Location); the page is rendered only when the route loaded to be shown.
  const handle = createRequestHandler({
    createRouter: () => router,
    request: new Request(new URL(url, "http://localhost")),
  });
  let page: RenderResult | undefined;
  const response = await handle(async ({ router: loaded }) => {
    // The render is synchronous: no other page's render runs between setting the zone and using it.
    setDisplayZone(timeZone);
    const html = renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={loaded} />
        </QueryClientProvider>
      </StrictMode>,
    );
    page = { kind: "page", status: statusOf(loaded), html, state: pageStateText(queryClient), timeZone };
    return new Response(null, { status: page.status });
  });
  if (page) return page;
  const location = response.headers.get("Location");
  if (!location) throw new Error(`The page at ${url} was neither rendered nor redirected (${response.status}).`);
  return { kind: "redirect", location };
}

/**
 * The page's status: where a loader or guard was refused, the procedure's own (404 for an event that
 * does not exist, 503 while the database is down) or the guard's (403 for an admin the sign-in rule
 * refuses), not the 500 of an unexplained failure.
 */
function statusOf(router: AnyRouter): number {
  const refused: unknown = router.state.matches.find((match) => match.status === "error")?.error;
  const status = isTRPCClientError(refused)
    ? refused.data?.httpStatus
    : refused instanceof AdminSignInRequiredError
      ? refused.httpStatus
      : undefined;
  return typeof status === "number" ? status : getSsrStatus(router);
}
