import { createFileRoute, Outlet, useLocation } from "@tanstack/react-router";
import { SettingsNav } from "../../features/settings/sections";
import { Page } from "../../ui/Page";

/**
 * Settings: an index of sections at `/settings`, each section at an address of its own
 * (`/settings/security`…), with the others beside it on a wide screen. Someone who must choose a
 * new password first is kept on `/settings` (the members' guard), which then shows only that.
 */
export const Route = createFileRoute("/_member/settings")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions());
  },
  component: function SettingsLayout() {
    const atIndex = useLocation({ select: (l) => l.pathname.replace(/\/$/, "") === "/settings" });
    return (
      <Page
        title="Settings"
        lead={atIndex ? "Your details, how you sign in, your e-mails, your calendar and your data." : undefined}
      >
        {atIndex ? (
          <Outlet />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[12rem_1fr]">
            <div>
              <SettingsNav />
            </div>
            <div className="min-w-0">
              <Outlet />
            </div>
          </div>
        )}
      </Page>
    );
  },
});
