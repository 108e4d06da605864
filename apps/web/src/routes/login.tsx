import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { LoginForm } from "../features/auth/LoginForm";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/login")({
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    /** Filled in after registration, so the new member only types her password. */
    email: z.string().max(254).optional().catch(undefined),
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
