import { messages } from "@club/shared";
import { createFileRoute, type ErrorComponentProps, Outlet } from "@tanstack/react-router";
import { AdminSignInRequired } from "../features/admin/AdminSignInRequired";
import { AdminSignInRequiredError, noAccess, requireAdmin } from "../features/auth/guards";
import { SessionEndedNotice } from "../features/auth/SessionEndedNotice";
import { isUnauthorized } from "../features/auth/session-ended";
import { errorCode } from "../lib/trpc";
import { Page } from "../ui/Page";

/**
 * An admin is refused the admin tools (403) only by the club's sign-in rule for admins (a password
 * alone when a passkey or the identity provider is required): say so, and what to do, rather than
 * fail. Anything else is the usual failure.
 */
function AdminError({ error }: ErrorComponentProps) {
  if (isUnauthorized(error)) return <SessionEndedNotice error={error} />;
  if (error instanceof AdminSignInRequiredError || errorCode(error) === "FORBIDDEN") return <AdminSignInRequired />;
  return <Page title={messages.routerError} lead="Please reload the page, or try again later." />;
}

export const Route = createFileRoute("/_admin")({
  beforeLoad: async ({ context, location }) => {
    // An admin whose right the club's sign-in rule withholds is told why (AdminError).
    const user = await requireAdmin(context, location);
    return { user };
  },
  pendingComponent: () => <Page title={noAccess} />,
  pendingMs: 0,
  errorComponent: AdminError,
  component: Outlet,
});
