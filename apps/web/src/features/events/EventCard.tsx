import { formatCardDateRange, formatTime12h, truncateDescription } from "@club/shared";
import { Link } from "@tanstack/react-router";
import { today } from "../../lib/time-zone";
import { seatsLabel } from "./rsvp";
import { SeriesSummary } from "./SeriesSummary";

import type { EventSummary } from "./types";

/** Over: its last day is before today (in the club's display zone). */
export const isPast = (event: Pick<EventSummary, "event_date" | "end_date">, todayKey = today()) =>
  (event.end_date ?? event.event_date) < todayKey;

/** "Boston", or "Online" for a virtual event; nothing when a physical one names no city. */
export const placeOf = (event: Pick<EventSummary, "is_physical" | "city">) =>
  event.is_physical ? (event.city ?? "") : "Online";

/** Who came, for an event that is over ("0 going" says nothing of a past event). */
function attendance(event: EventSummary): string {
  const n = event.rsvp ? event.rsvp.seats_taken : event.participant_count;
  return n > 0 ? `${n} went` : "";
}

export function EventCard({ event }: { event: EventSummary }) {
  const past = isPast(event);
  const place = placeOf(event);
  const people = past ? attendance(event) : seatsLabel(event.participant_count, event.rsvp);
  return (
    <Link
      to="/events/$id"
      params={{ id: event.slug }}
      className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)] transition-transform hover:-translate-y-0.5"
    >
      {event.image_url ? (
        // The cover, cropped to one shape on every card; the title says what it is.
        <img src={event.image_url} alt="" loading="lazy" className="aspect-[16/9] w-full object-cover" />
      ) : (
        <span aria-hidden="true" className="h-2 w-full" style={{ background: event.color }} />
      )}
      <span className="flex flex-1 flex-col p-5">
        <span className="flex items-start justify-between gap-2">
          <span className="text-xs font-semibold tracking-[0.16em] text-gold uppercase">
            {formatCardDateRange(event.event_date, event.end_date)} · {formatTime12h(event.start_time)}
          </span>
          {past ? (
            <span className="shrink-0 rounded-full bg-paper-deep px-2 py-0.5 text-xs font-semibold text-ink-soft">
              Past
            </span>
          ) : null}
        </span>
        <span className="mt-2 font-serif text-2xl leading-tight text-ink group-hover:text-plum">{event.title}</span>
        {place ? <span className="mt-1 text-sm font-medium text-ink">{place}</span> : null}
        {event.series ? (
          <SeriesSummary summary={event.series.summary} className="mt-2 text-xs font-medium text-plum" />
        ) : null}
        <span className="mt-2 flex-1 text-sm text-ink-soft">{truncateDescription(event.description)}</span>
        <span className="mt-4 text-xs text-ink-soft">
          {[event.exclusivity === "invite-only" ? "Invite only" : "", people].filter(Boolean).join(" · ")}
        </span>
      </span>
    </Link>
  );
}
