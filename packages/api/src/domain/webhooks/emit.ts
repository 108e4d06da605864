import { type Queryable, webhookDeliveries, webhookEndpoints } from "@club/db";
import { arrayContains } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { WebhookDataOf, WebhookEventType } from "@club/shared";

/**
 * Tells the endpoints that asked for `type` of an act: one message each, written with the act's
 * transaction (a message exists exactly when its act does), and each endpoint's delivery job, sent
 * in it too. The message is posted as Standard Webhooks says: `{ type, timestamp, data }`, its data
 * as `webhookDataSchemas` describes it (the OpenAPI document's `webhooks`).
 */
export async function emitWebhook<T extends WebhookEventType>(
  tx: Queryable,
  jobs: JobSender,
  type: T,
  data: WebhookDataOf<T> | WebhookDataOf<T>[],
): Promise<void> {
  const acts = Array.isArray(data) ? data : [data];
  if (acts.length === 0) return;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(arrayContains(webhookEndpoints.events, [type]))
    // Each endpoint's waiting job is moved in this order, so two acts at once lock them in the
    // same order and cannot deadlock.
    .orderBy(webhookEndpoints.id);
  if (endpoints.length === 0) return;
  const timestamp = new Date().toISOString();
  await tx
    .insert(webhookDeliveries)
    .values(
      acts.flatMap((act) =>
        endpoints.map((e) => ({ endpointId: e.id, type, payload: { type, timestamp, data: act } })),
      ),
    );
  for (const e of endpoints) await jobs.sendKeyed("webhook.deliver", e.id, { endpointId: e.id }, { tx });
}
