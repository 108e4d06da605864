import { WEBHOOK_PING, webhookEventTypeNames, webhookEventTypes, webhookMessageSchema } from "@club/shared";
import type { ZodOpenApiOperationObject } from "zod-openapi";

/**
 * What the club posts to a webhook endpoint, one entry per message type (OpenAPI 3.1's `webhooks`),
 * from the schemas the server builds the messages by. Each is signed as Standard Webhooks says
 * (docs/integrating.md, "Webhooks"); a 2xx answer is a delivery, anything else is tried again.
 */
export function webhookOperations(): Record<string, Record<string, ZodOpenApiOperationObject>> {
  const types = [...webhookEventTypeNames, WEBHOOK_PING] as const;
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replaceAll(".", "_")}`,
          summary: type === WEBHOOK_PING ? "A test message an admin sent" : webhookEventTypes[type],
          description:
            "Posted to each endpoint that listens for it, signed with its secret (the headers webhook-id, webhook-timestamp and webhook-signature, as Standard Webhooks says). Fields may be added; ignore those you do not know.",
          requestBody: { required: true, content: { "application/json": { schema: webhookMessageSchema(type) } } },
          responses: {
            "2XX": { description: "Received. Any other answer, or none within 10 seconds, is tried again later." },
          },
        },
      },
    ]),
  );
}
