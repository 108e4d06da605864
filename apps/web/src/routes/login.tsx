import { oidcRefusals } from "@club/shared";
import { createFileRoute } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/LoginForm";
import { leaveLoginWhenSignedIn } from "../features/auth/login-guard";
import { SIGNED_OUT, signedOutMessage } from "../features/auth/session-ended";
import { oneOf, searchParams, text } from "../lib/search-params";
import { Alert } from "../ui/Alert";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/login")({
  validateSearch: searchParams({
    redirect: text(2000),
    /** Her address filled in (a link to Login may carry it), so she only types her password. */
    email: text(254),
    /** Why a sign-in through the identity provider was refused (set by the server's callback). */
    error: oneOf(oidcRefusals),
    /** Her session ended while a page was open (features/auth/session-ended.ts). */
    reason: oneOf([SIGNED_OUT]),
  }),
  // Signed in already: Login has nothing for her; her home has (or where she was going). Else
  // whether to offer "Sign in with {label}", in the first screen's HTML.
  loader: async ({ context, location }) => {
    await leaveLoginWhenSignedIn(context, location);
    await context.queryClient.ensureQueryData(context.trpc.identities.provider.queryOptions());
  },
  component: function LoginPage() {
    const { redirect, email, error, reason } = Route.useSearch();
    return (
      <Page title="Welcome back" lead="Sign in to the members' area." width="narrow">
        {reason === SIGNED_OUT ? (
          <Alert tone="info" className="mb-5">
            {signedOutMessage}
          </Alert>
        ) : null}
        <LoginForm redirect={redirect} email={email} oidcError={error} />
      </Page>
    );
  },
});
