import { z } from "zod";

/**
 * What the club tells its other systems (Admin Panel → Webhooks, `club webhook add --events`), with
 * the words the Admin Panel shows for each. A message carries ids and what an admin may see.
 */
export const webhookEventTypes = {
  "member.created": "A member registered or was added",
  "member.updated": "A member's name, e-mail address, type or admin right changed",
  "member.deleted": "A member's account was deleted",
  "application.submitted": "Someone applied for membership",
  "application.accepted": "An application was accepted: she is invited to register",
  "application.rejected": "An application was declined",
  "event.created": "An event was published",
  "event.updated": "A published event was edited",
  "event.cancelled": "A published event was cancelled",
  "event.participant.joined": "A member took a seat at an event",
  "event.participant.left": "A member gave up her seat at an event",
  "media.uploaded": "A photo or video was added to the gallery",
  "media.deleted": "A photo or video was deleted",
  "comment.created": "A comment was written",
  "comment.deleted": "A comment was deleted",
  "stay.requested": "A member asked to stay in a member's home",
  "stay.accepted": "A host accepted a stay",
  "stay.declined": "A request to stay was declined or expired",
  "stay.cancelled": "A stay was cancelled",
} as const;

export type WebhookEventType = keyof typeof webhookEventTypes;
export const webhookEventTypeNames = Object.keys(webhookEventTypes) as WebhookEventType[];
export const isWebhookEventType = (name: string): name is WebhookEventType => Object.hasOwn(webhookEventTypes, name);

/**
 * What a message in the log may be: an event, or `webhook.ping`, the test message an admin sends
 * to any endpoint (Admin Panel → the webhook → Send a test message, `club webhook ping`), whatever
 * events it listens for. A receiver should answer it 2xx and may do nothing else.
 */
export const WEBHOOK_PING = "webhook.ping";
export const webhookMessageTypeNames = [...webhookEventTypeNames, WEBHOOK_PING] as const;

/** The refusal of event names that are none, naming them and the ones there are. */
export function unknownWebhookEvents(names: string[]): string {
  return `Unknown event${names.length > 1 ? "s" : ""}: ${names.join(", ")}. The events are ${webhookEventTypeNames.join(", ")}.`;
}

/** An endpoint as an admin adds it; whether its address is allowed is the server's to say (its network). */
export const webhookInput = z.object({
  name: z.string().trim().min(1, "Give the webhook a name.").max(80, "A name has at most 80 characters."),
  url: z.string().trim().min(1, "Give the address to post to.").max(2000, "An address has at most 2000 characters."),
  events: z
    .array(
      z.enum(webhookEventTypeNames, {
        error: (issue) => unknownWebhookEvents([String(issue.input)]),
      }),
    )
    .min(1, "Choose at least one event.")
    .max(webhookEventTypeNames.length * 2)
    .transform((names) => [...new Set(names)]),
});
export type WebhookInput = z.input<typeof webhookInput>;
