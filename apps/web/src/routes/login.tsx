import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { LoginForm } from "../features/auth/LoginForm";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/login")({
  validateSearch: z.object({ redirect: z.string().optional() }),
  component: function LoginPage() {
    const { redirect } = Route.useSearch();
    return (
      <Page title="Welcome back" lead="Sign in to the members' area." width="narrow">
        <LoginForm redirect={redirect} />
      </Page>
    );
  },
});
