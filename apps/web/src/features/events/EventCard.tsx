import { formatCardDateRange, truncateDescription } from "@club/shared";
import { Link } from "@tanstack/react-router";
import { seatsLabel } from "./rsvp";

import type { EventSummary } from "./types";

export function EventCard({ event }: { event: EventSummary }) {
  return (
    <Link
      to="/events/$id"
      params={{ id: event.slug }}
      className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)] transition-transform hover:-translate-y-0.5"
    >
      <span aria-hidden="true" className="h-2 w-full" style={{ background: event.color }} />
      <span className="flex flex-1 flex-col p-5">
        <span className="text-xs font-semibold tracking-[0.16em] text-gold uppercase">
          {formatCardDateRange(event.event_date, event.end_date)}
        </span>
        <span className="mt-2 font-serif text-2xl leading-tight text-ink group-hover:text-plum">{event.title}</span>
        <span className="mt-2 flex-1 text-sm text-ink-soft">{truncateDescription(event.description)}</span>
        <span className="mt-4 text-xs text-ink-soft">
          {event.exclusivity === "invite-only" ? "Invite only · " : ""}
          {seatsLabel(event.participant_count, event.rsvp)}
        </span>
      </span>
    </Link>
  );
}
