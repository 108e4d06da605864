import { createFileRoute } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/LoginForm";
import { searchParams, text } from "../lib/search-params";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/login")({
  validateSearch: searchParams({
    redirect: text(2000),
    /** Filled in after registration, so the new member only types her password. */
    email: text(254),
  }),
  component: function LoginPage() {
    const { redirect, email } = Route.useSearch();
    return (
      <Page title="Welcome back" lead="Sign in to the members' area." width="narrow">
        <LoginForm redirect={redirect} email={email} />
      </Page>
    );
  },
});
