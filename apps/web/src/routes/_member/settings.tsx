import { OIDC_LINKED, oidcRefusals } from "@club/shared";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ApiTokens } from "../../features/settings/ApiTokens";
import { CalendarFeed } from "../../features/settings/CalendarFeed";
import { DeleteAccount } from "../../features/settings/DeleteAccount";
import { EmailAddress } from "../../features/settings/EmailAddress";
import { LinkedIdentities } from "../../features/settings/LinkedIdentities";
import { MailPreferences } from "../../features/settings/MailPreferences";
import { Passkeys } from "../../features/settings/Passkeys";
import { PasswordForm } from "../../features/settings/PasswordForm";
import { ProfileForm } from "../../features/settings/ProfileForm";
import { SecuritySection } from "../../features/settings/SecuritySection";
import { Sessions } from "../../features/settings/Sessions";
import { YourData } from "../../features/settings/YourData";
import { oneOf, searchParams } from "../../lib/search-params";
import { trpc } from "../../lib/trpc";
import { Page } from "../../ui/Page";

export const Route = createFileRoute("/_member/settings")({
  validateSearch: searchParams({
    /** How connecting an identity at the provider went (set by the server's callback). */
    oidc: oneOf([OIDC_LINKED, ...oidcRefusals]),
  }),
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions());
    // Someone who must choose a new password first sees only what that needs.
    if (!me.mustChangePassword)
      await Promise.all([
        context.queryClient.ensureQueryData(context.trpc.preferences.get.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.calendarFeed.get.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.identities.provider.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.identities.list.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.sessions.list.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.passkeys.list.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.dataExport.list.queryOptions()),
        context.queryClient.ensureQueryData(context.trpc.account.emailChange.queryOptions()),
      ]);
    return me;
  },
  component: function SettingsPage() {
    const { user } = Route.useRouteContext();
    const { oidc } = Route.useSearch();
    const provider = useQuery(trpc.identities.provider.queryOptions()).data;
    const identities = useQuery(trpc.identities.list.queryOptions()).data;
    return (
      <Page
        title="Settings"
        lead="Your details, your password, the e-mails you receive, your calendar, a copy of your data, how and where you sign in, and your API tokens."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileForm />
          <PasswordForm mustChange={user.mustChangePassword} />
          {user.mustChangePassword ? null : (
            <>
              <EmailAddress />
              <MailPreferences />
              <CalendarFeed />
              <YourData />
            </>
          )}
        </div>
        {user.mustChangePassword ? null : (
          <SecuritySection>
            <Passkeys />
            <Sessions />
            {/* Shown with a provider, or while she still has identities from one no longer configured. */}
            {provider || (identities?.length ?? 0) > 0 || oidc ? <LinkedIdentities notice={oidc} /> : null}
            <ApiTokens />
          </SecuritySection>
        )}
        {user.mustChangePassword ? null : (
          <div className="mt-10">
            <DeleteAccount />
          </div>
        )}
      </Page>
    );
  },
});
