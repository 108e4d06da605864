import { messages } from "@club/shared";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, type ErrorComponentProps, Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { SessionEndedNotice } from "../features/auth/SessionEndedNotice";
import { isUnauthorized } from "../features/auth/session-ended";
import { SiteFooter } from "../layout/SiteFooter";
import { SiteHeader } from "../layout/SiteHeader";
import { appTookOver, useHydrated } from "../lib/hydrated";
import type { Trpc } from "../lib/trpc";
import { ButtonLink } from "../ui/Button";
import { Page } from "../ui/Page";
import { Toaster } from "../ui/Toaster";

export interface RouterContext {
  trpc: Trpc;
  queryClient: QueryClient;
  /**
   * The zone of this page's moments and "today": the request's on the server, where pages render
   * side by side and a module-wide setting could be another page's while a loader waits.
   */
  timeZone: string;
  /**
   * Set on the server for a page asked for with a session cookie whose session has ended: a
   * members' page then sends her to Login with the message, as a page open in the browser does.
   */
  sessionEnded?: boolean;
}

function Shell({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) appTookOver();
  }, [hydrated]);
  return (
    // Until the app runs the server's HTML, every field and button is disabled: text typed into a
    // field would be reset when the form starts, a click would do nothing, and a form sent by the
    // browser itself would put its fields (a password) in the address. Links work throughout. The
    // fieldset takes no box of its own (display: contents).
    <fieldset disabled={!hydrated} role="presentation" className="contents">
      <ShellLayout>{children}</ShellLayout>
    </fieldset>
  );
}

function ShellLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so it does not jump down (a layout
          shift) when a page's data arrives after its loading state. */}
      <main id="main" className="min-h-dvh flex-1">
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <Shell>
      <Outlet />
    </Shell>
  ),
  notFoundComponent: () => (
    <Page title={messages.notFound} lead="The page you asked for does not exist, or its address has changed.">
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/home">Go to the home page</ButtonLink>
        <ButtonLink to="/calendar" variant="secondary">
          See the events
        </ButtonLink>
      </div>
    </Page>
  ),
  errorComponent: RootError,
});

/** A route that failed; one refused for want of a session is no failure of the app (session-ended.ts). */
function RootError({ error }: ErrorComponentProps) {
  return (
    <Shell>
      {isUnauthorized(error) ? (
        <SessionEndedNotice error={error} />
      ) : (
        <Page
          title={messages.routerError}
          lead="Something went wrong while showing this page. Please reload, or try again later."
        />
      )}
    </Shell>
  );
}
