import { createFileRoute } from "@tanstack/react-router";
import { ApplicationForm } from "../features/membership/ApplicationForm";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/request")({
  component: () => (
    <Page
      title="Membership application"
      lead="Joining is by invitation. Enter the code you were given to begin."
      width="narrow"
    >
      <ApplicationForm />
    </Page>
  ),
});
