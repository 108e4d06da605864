import { createFileRoute, Outlet } from "@tanstack/react-router";
import { noAccess, requireMember } from "../features/auth/guards";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/_member")({
  beforeLoad: async ({ context, location }) => ({ user: await requireMember(context, location) }),
  // While the server answers whether the visitor is signed in (SPEC.md section 2).
  pendingComponent: () => <Page title={noAccess} />,
  pendingMs: 0,
  component: Outlet,
});
