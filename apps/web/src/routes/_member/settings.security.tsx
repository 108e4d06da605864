import { OIDC_LINKED, oidcRefusals } from "@club/shared";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { LinkedIdentities } from "../../features/settings/LinkedIdentities";
import { Passkeys } from "../../features/settings/Passkeys";
import { PasswordForm } from "../../features/settings/PasswordForm";
import { SecuritySection } from "../../features/settings/SecuritySection";
import { Sessions } from "../../features/settings/Sessions";
import { oneOf, searchParams } from "../../lib/search-params";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_member/settings/security")({
  validateSearch: searchParams({
    /** How connecting an identity at the provider went (set by the server's callback). */
    oidc: oneOf([OIDC_LINKED, ...oidcRefusals]),
  }),
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.identities.provider.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.identities.list.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.sessions.list.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.passkeys.list.queryOptions()),
    ]);
  },
  component: function Security() {
    const { oidc } = Route.useSearch();
    const provider = useQuery(trpc.identities.provider.queryOptions()).data;
    const identities = useQuery(trpc.identities.list.queryOptions()).data;
    return (
      <SecuritySection>
        <PasswordForm mustChange={false} />
        <Passkeys />
        <Sessions />
        {/* Shown with a provider, or while she still has identities from one no longer configured. */}
        {provider || (identities?.length ?? 0) > 0 || oidc ? <LinkedIdentities notice={oidc} /> : null}
      </SecuritySection>
    );
  },
});
