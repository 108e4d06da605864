import { messages } from "@club/shared";
import { createFileRoute } from "@tanstack/react-router";
import { ButtonLink } from "../ui/Button";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/no-permission")({
  component: () => (
    <Page title="Access Denied" lead={messages.accessDenied}>
      <ButtonLink to="/home">Back to Home</ButtonLink>
    </Page>
  ),
});
