import { messages } from "@club/shared";
import { createFileRoute } from "@tanstack/react-router";
import { useSession } from "../features/auth/session";
import { ButtonLink } from "../ui/Button";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/no-permission")({
  component: function AccessDenied() {
    const { user } = useSession();
    return (
      <Page title="Access Denied" lead={messages.accessDenied}>
        <p className="max-w-2xl text-ink">
          {user
            ? "This page is for the club's administrators. If you need it, ask an administrator to give you access; your own pages are in the Members' Section."
            : "This page is for members. Please log in, then come back."}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {user ? <ButtonLink to="/calendar">Go to Events</ButtonLink> : <ButtonLink to="/login">Log in</ButtonLink>}
          <ButtonLink to="/home" variant="secondary">
            Back to Home
          </ButtonLink>
        </div>
      </Page>
    );
  },
});
