import { createFileRoute } from "@tanstack/react-router";
import { ApiTokens } from "../../features/settings/ApiTokens";
import { CalendarFeed } from "../../features/settings/CalendarFeed";
import { EventReminders } from "../../features/settings/EventReminders";
import { Passkeys } from "../../features/settings/Passkeys";
import { PasswordForm } from "../../features/settings/PasswordForm";
import { ProfileForm } from "../../features/settings/ProfileForm";
import { Page } from "../../ui/Page";

export const Route = createFileRoute("/_member/settings")({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions());
    // Someone who must choose a new password first sees only what that needs.
    if (!me.mustChangePassword)
      await Promise.all([
        context.queryClient.ensureQueryData(context.trpc.preferences.get.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.calendarFeed.get.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.passkeys.list.queryOptions()),
      ]);
    return me;
  },
  component: function SettingsPage() {
    const { user } = Route.useRouteContext();
    return (
      <Page
        title="Settings"
        lead="Your details, your password, reminders, your calendar, how you sign in and your API tokens."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileForm />
          <PasswordForm mustChange={user.mustChangePassword} />
          {user.mustChangePassword ? null : (
            <>
              <EventReminders />
              <CalendarFeed />
              <section aria-labelledby="settings-security" className="grid gap-4 lg:col-span-2">
                <h2 id="settings-security" className="text-3xl text-plum">
                  Security
                </h2>
                <Passkeys />
              </section>
              <div className="lg:col-span-2">
                <ApiTokens />
              </div>
            </>
          )}
        </div>
      </Page>
    );
  },
});
