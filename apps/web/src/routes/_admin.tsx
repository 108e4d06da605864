import { messages } from "@club/shared";
import { createFileRoute, type ErrorComponentProps, Outlet } from "@tanstack/react-router";
import { AdminSignInRequired } from "../features/admin/AdminSignInRequired";
import { noAccess, requireAdmin } from "../features/auth/guards";
import { errorCode } from "../lib/trpc";
import { Page } from "../ui/Page";

/**
 * An admin is refused the admin tools (403) only by the club's sign-in rule for admins (a password
 * alone when a passkey or the identity provider is required): say so, and what to do, rather than
 * fail. Anything else is the usual failure.
 */
function AdminError({ error }: ErrorComponentProps) {
  if (errorCode(error) === "FORBIDDEN") return <AdminSignInRequired />;
  return <Page title={messages.routerError} lead="Please reload the page, or try again later." />;
}

export const Route = createFileRoute("/_admin")({
  beforeLoad: async ({ context, location }) => {
    const user = await requireAdmin(context, location);
    // Any admin procedure answers with the sign-in rule's refusal; the club's settings are the smallest.
    await context.queryClient.ensureQueryData(context.trpc.clubSettings.get.queryOptions());
    return { user };
  },
  pendingComponent: () => <Page title={noAccess} />,
  pendingMs: 0,
  errorComponent: AdminError,
  component: Outlet,
});
