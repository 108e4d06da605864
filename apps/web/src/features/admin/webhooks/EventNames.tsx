import { isWebhookEventType, WEBHOOK_PING, webhookEventTypes } from "@club/shared";
import { cn } from "../../../ui/cn";

/** A message's words for the admin: its event's, or the test message's (a type no longer known has none). */
export const eventWords = (name: string) =>
  isWebhookEventType(name)
    ? webhookEventTypes[name]
    : name === WEBHOOK_PING
      ? "A test message sent from this page"
      : undefined;

/** The events a webhook listens for, as small chips of their names (their words on hover). */
export function EventNames({ events, className }: { events: readonly string[]; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)}>
      {events.map((name) => (
        <li key={name}>
          <code
            title={eventWords(name)}
            className="inline-block rounded-full border border-plum/15 bg-plum-soft px-2.5 py-0.5 font-mono text-xs text-plum"
          >
            {name}
          </code>
        </li>
      ))}
    </ul>
  );
}
