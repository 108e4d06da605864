import { createFileRoute } from "@tanstack/react-router";
import { ApiTokens } from "../../features/settings/ApiTokens";
import { PasswordForm } from "../../features/settings/PasswordForm";
import { ProfileForm } from "../../features/settings/ProfileForm";
import { Page } from "../../ui/Page";

export const Route = createFileRoute("/_member/settings")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
  component: function SettingsPage() {
    const { user } = Route.useRouteContext();
    return (
      <Page title="Settings" lead="Your details, your password and your API tokens.">
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileForm />
          <PasswordForm mustChange={user.mustChangePassword} />
          <div className="lg:col-span-2">{user.mustChangePassword ? null : <ApiTokens />}</div>
        </div>
      </Page>
    );
  },
});
