import { useMutation } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { MailComposer } from "../../features/mail/MailComposer";
import { trpc } from "../../lib/trpc";
import { Card, Page } from "../../ui/Page";

export const Route = createFileRoute("/_admin/mail")({
  component: function MailPage() {
    const send = useMutation(trpc.adminMail.send.mutationOptions());
    return (
      <Page title="Bulk e-mail" lead="Each member receives their own copy; nobody sees the other recipients.">
        <Card>
          <MailComposer onSend={(draft) => send.mutateAsync(draft)} />
        </Card>
      </Page>
    );
  },
});
