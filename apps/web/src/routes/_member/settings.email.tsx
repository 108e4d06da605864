import { createFileRoute } from "@tanstack/react-router";
import { EmailAddress } from "../../features/settings/EmailAddress";
import { MailPreferences } from "../../features/settings/MailPreferences";
import { NotificationSettings } from "../../features/settings/NotificationSettings";

export const Route = createFileRoute("/_member/settings/email")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.account.emailChange.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.preferences.get.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.notifications.prefs.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
    ]);
  },
  component: () => (
    <div className="grid gap-6">
      <NotificationSettings />
      <MailPreferences />
      <EmailAddress />
    </div>
  ),
});
