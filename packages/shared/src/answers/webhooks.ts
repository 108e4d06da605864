import { z } from "zod";
import { webhookEventTypeNames, webhookMessageTypeNames } from "../webhooks";

export const webhookSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypeNames)),
    createdAt: z.date(),
    failingSince: z.date().nullable(),
    /** Since when it is paused: its messages wait, in order. Null while it runs. */
    pausedAt: z.date().nullable(),
    /** Who paused it: an admin, or the club after three days of failures ("failing"). Null while it runs. */
    pausedBecause: z.enum(["admin", "failing"]).nullable(),
    /** Tries that failed one after another since the last that got through. */
    failedTries: z.number(),
    pending: z.number(),
    failed: z.number(),
  })
  .meta({ id: "WebhookSummary" });

/** webhooks.list */
export const webhooksListAnswer = z.array(webhookSummarySchema);

/** webhooks.add */
export const webhooksAddAnswer = z.object({ webhook: webhookSummarySchema, secret: z.string() });

/** webhooks.update, webhooks.pause */
export const webhooksUpdateAnswer = webhookSummarySchema;

/** webhooks.retryNow: how many waiting messages go now. */
export const webhooksRetryNowAnswer = z.object({ waiting: z.number(), message: z.string() });

/** webhooks.rotateSecret: the new secret, shown this once, and until when the old one signs too. */
export const webhooksRotateSecretAnswer = z.object({
  webhook: webhookSummarySchema,
  secret: z.string(),
  previousUntil: z.date(),
});

/** webhooks.remove */
export const webhooksRemoveAnswer = z.object({ message: z.string() });

/** webhooks.deliveries */
export const webhooksDeliveriesAnswer = z.object({
  items: z.array(
    z.object({
      status: z.enum(["pending", "failed", "delivered"]),
      type: z.enum(webhookMessageTypeNames),
      id: z.string(),
      attempts: z.number(),
      createdAt: z.date(),
      lastAttemptAt: z.date().nullable(),
      dueAt: z.date(),
      responseStatus: z.number().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  nextCursor: z.number().nullable(),
});

/** webhooks.ping */
export const webhooksPingAnswer = z.object({ message: z.string() });

/** webhooks.redeliver */
export const webhooksRedeliverAnswer = z.object({ message: z.string() });
