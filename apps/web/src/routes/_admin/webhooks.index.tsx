import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { type AddedWebhook, AddWebhookForm } from "../../features/admin/webhooks/AddWebhookForm";
import { WebhookList } from "../../features/admin/webhooks/WebhookList";
import { trpc } from "../../lib/trpc";
import { Page } from "../../ui/Page";

const lead =
  "The club's other systems are told of what happens here: a webhook is an address the club posts a message to each time something it listens for happens. Each message is signed with the webhook's secret (Standard Webhooks), so the receiver knows it came from the club.";

export const Route = createFileRoute("/_admin/webhooks/")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.webhooks.list.queryOptions());
  },
  pendingComponent: () => <Page title="Webhooks" lead="Loading webhooks…" />,
  component: WebhooksPage,
});

function WebhooksPage() {
  const { data: webhooks } = useSuspenseQuery(trpc.webhooks.list.queryOptions());
  // The secret of the webhook just added: in this page's memory only, never fetched again.
  const [added, setAdded] = useState<AddedWebhook>();

  return (
    <Page title="Webhooks" lead={lead}>
      <AddWebhookForm added={added} onAdded={setAdded} />
      <h2 className="mt-10 mb-3 text-3xl text-plum">All webhooks</h2>
      <WebhookList webhooks={webhooks} onRemoved={(id) => setAdded((a) => (a?.id === id ? undefined : a))} />
    </Page>
  );
}
