import { formatCardDate, formatTime12h } from "@club/shared";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** What an event's line shows of it: its day, start time and place. */
export interface EventPlace {
  eventDate: string;
  startTime: string;
  isPhysical: boolean;
  city: string | null;
}

/** "Dec 03, 2026 · 6:30 PM · Boston" (or "Online"). */
export function eventWhen(e: EventPlace): string {
  const place = e.isPhysical ? (e.city ?? "") : "Online";
  return [formatCardDate(e.eventDate), formatTime12h(e.startTime), place].filter(Boolean).join(" · ");
}

/** An event's line in a list: its title, linking to it, and when and where. */
export function EventLine({
  event,
  extra = "",
}: {
  event: EventPlace & { slug: string; title: string };
  extra?: ReactNode;
}) {
  return (
    <span>
      <Link to="/events/$id" params={{ id: event.slug }} className="font-semibold text-ink hover:text-plum">
        {event.title}
      </Link>
      <span className="block text-sm text-ink-soft">
        {eventWhen(event)}
        {extra}
      </span>
    </span>
  );
}
