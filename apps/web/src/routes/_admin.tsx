import { createFileRoute, Outlet } from "@tanstack/react-router";
import { noAccess, requireAdmin } from "../features/auth/guards";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/_admin")({
  beforeLoad: async ({ context, location }) => ({ user: await requireAdmin(context, location) }),
  pendingComponent: () => <Page title={noAccess} />,
  pendingMs: 0,
  component: Outlet,
});
