import { oidcRefusals } from "@club/shared";
import { createFileRoute } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/LoginForm";
import { oneOf, searchParams, text } from "../lib/search-params";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/login")({
  validateSearch: searchParams({
    redirect: text(2000),
    /** Filled in after registration, so the new member only types her password. */
    email: text(254),
    /** Why a sign-in through the identity provider was refused (set by the server's callback). */
    error: oneOf(oidcRefusals),
  }),
  // Whether to offer "Sign in with {label}", in the first screen's HTML.
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.identities.provider.queryOptions()),
  component: function LoginPage() {
    const { redirect, email, error } = Route.useSearch();
    return (
      <Page title="Welcome back" lead="Sign in to the members' area." width="narrow">
        <LoginForm redirect={redirect} email={email} oidcError={error} />
      </Page>
    );
  },
});
