import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { DeliveryLog } from "../../features/admin/webhooks/DeliveryLog";
import { deliveryPages } from "../../features/admin/webhooks/delivery-pages";
import { WebhookControls } from "../../features/admin/webhooks/WebhookControls";
import type { Webhook } from "../../features/admin/webhooks/WebhookList";
import { formatMoment } from "../../lib/moments";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, ButtonLink } from "../../ui/Button";
import { Page } from "../../ui/Page";

/** A webhook's delivery log: what was posted to it, whether it arrived, and a way to post it again. */
export const Route = createFileRoute("/_admin/webhooks/$id")({
  loader: async ({ context, params }) => {
    const webhooks = await context.queryClient.ensureQueryData(context.trpc.webhooks.list.queryOptions());
    // A webhook that is not there (removed since, a mistyped link) has no log to ask for.
    if (webhooks.some((w) => w.id === params.id)) {
      await context.queryClient.ensureInfiniteQueryData(deliveryPages(context.trpc, params.id));
    }
  },
  pendingComponent: () => <Page title="Webhook" lead="Loading its messages…" />,
  component: WebhookLogPage,
});

function WebhookLogPage() {
  const { id } = Route.useParams();
  const queryClient = useQueryClient();
  const { data: webhooks } = useSuspenseQuery(trpc.webhooks.list.queryOptions());
  const webhook = webhooks.find((w) => w.id === id);
  const back = (
    <ButtonLink to="/webhooks" variant="ghost">
      <span aria-hidden="true">←</span> All webhooks
    </ButtonLink>
  );

  if (!webhook) {
    return (
      <Page
        title="Webhook not found"
        lead="It may have been removed, or the link is mistyped."
        actions={
          <Link to="/webhooks" className="text-plum underline">
            Back to all webhooks
          </Link>
        }
      />
    );
  }
  return (
    <Page
      title={webhook.name}
      lead={
        <>
          <span className="block [overflow-wrap:anywhere]">
            Posts to <span className="text-ink">{webhook.url}</span>
          </span>
          <span className="mt-1 block">
            Listens for{" "}
            {webhook.events.map((name, i) => (
              <span key={name}>
                {i ? ", " : ""}
                <code className="font-mono text-sm text-ink">{name}</code>
              </span>
            ))}
            .
          </span>
        </>
      }
      actions={
        <>
          {back}
          <Button
            variant="secondary"
            onClick={() => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() })}
          >
            Refresh
          </Button>
        </>
      }
    >
      <WebhookControls webhook={webhook} />
      <WebhookAlerts webhook={webhook} />
      <DeliveryLog id={id} />
    </Page>
  );
}

/** Why its messages do not go: paused (by an admin, or by the club after days of failures), or failing. */
function WebhookAlerts({ webhook }: { webhook: Webhook }) {
  if (webhook.pausedBecause === "failing" && webhook.pausedAt)
    return (
      <Alert className="mb-6">
        The club paused it on {formatMoment(webhook.pausedAt, "MMM d, yyyy h:mm a")}, after three days of failures (
        {webhook.failedTries} tries in a row). Its messages wait, in order: once its receiver answers again, resume it,
        and redeliver the ones that failed.
      </Alert>
    );
  return (
    <>
      {webhook.pausedAt ? (
        <Alert tone="info" className="mb-6">
          Paused since {formatMoment(webhook.pausedAt, "MMM d, yyyy h:mm a")}: its messages wait, in order, until you
          resume it.
        </Alert>
      ) : null}
      {webhook.failingSince ? (
        <Alert className="mb-6">
          It has not taken a message since {formatMoment(webhook.failingSince, "MMM d, yyyy h:mm a")}: each failed after
          a day of tries. Once it answers again, redeliver the ones it missed.
        </Alert>
      ) : null}
    </>
  );
}
