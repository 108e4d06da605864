import "./lib/zod-config";
import "./fonts.css";
import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { watchForEndedSession } from "./features/auth/session-ended";
import { leaveLinksToTheBrowser } from "./lib/hydrated";
import { whenIdle } from "./lib/idle";
import { keepDraftsOnLeaving } from "./lib/kept-drafts";
import { hydratePageState } from "./lib/page-state";
import { displayZone, rememberBrowserZone } from "./lib/time-zone";
import { queryClient, trpc } from "./lib/trpc";
import { createAppRouter } from "./router";

// A page the server rendered brings its data and the zone it was rendered in.
const rendered = hydratePageState(queryClient, document);
const router = createAppRouter({ trpc, queryClient, timeZone: displayZone() });
whenIdle(() => rememberBrowserZone(document));
// Before the first load: a request refused because her session ended elsewhere leads to Login.
watchForEndedSession({ queryClient, trpc, router });
keepDraftsOnLeaving(() => {
  const status = queryClient.getQueryData(trpc.auth.status.queryKey());
  return status?.authenticated ? status.user.id : undefined;
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element.");

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

if (rendered) {
  // The server rendered this page from the data now in the cache: the router loads the same route
  // (its code, and its loaders read from the cache) before React takes over the HTML on screen.
  // Marked as hydrating a server render, the router builds the tree as the server did (no
  // suspense boundary around the whole page, which the server's HTML does not have).
  router.ssr = { manifest: undefined };
  // Until the app has taken the page over, a link clicked loads its page as plain HTML would.
  leaveLinksToTheBrowser(document);
  // Whatever the load gives (a route's error is the router's to show), React takes the page over:
  // until it does, the page's fields stay disabled.
  // As a transition, React takes it over in slices, yielding to the browser between them, instead of
  // in one task that holds a phone's main thread for the whole page.
  void router.load().finally(() => {
    // A route that failed (a member or event not found) is drawn by its error component directly on
    // the server, but thrown on the browser for its error boundary to catch. React cannot adopt HTML
    // across a thrown error: it took over the page around it, then threw the route's part away and
    // drew it anew, a moment after the page said it was the app's, and a click on a link in that
    // moment was lost. Such a page is drawn anew at once, in the same step that gives it to the app.
    if (router.state.matches.some((match) => match.status === "error")) {
      createRoot(root).render(app);
      return;
    }
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  createRoot(root).render(app);
}
