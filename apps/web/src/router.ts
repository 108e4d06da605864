import { createRouter, type RouterHistory } from "@tanstack/react-router";
import type { RouterContext } from "./routes/__root";
import { routeTree } from "./routeTree.gen";

/**
 * The one router of the app, made the same way in the browser and on the server (which renders the
 * first screen of a page), so the two render the same tree and the browser can hydrate it.
 */
export function createAppRouter(context: RouterContext, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context,
    ...(server ? { history: server.history } : {}),
    defaultPreload: "intent",
    // Loaders read through the query cache; the router need not keep its own copy fresh.
    defaultPreloadStaleTime: 0,
    // In the browser only: on the server the router would write an inline script for it, which the
    // content security policy refuses and the browser's first render would not match.
    scrollRestoration: !server,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
