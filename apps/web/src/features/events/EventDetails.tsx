import { eventTypeLabel, formatLongDate, formatTimeRange } from "@club/shared";
import type { ReactNode } from "react";
import { MemberLink } from "../members/MemberLink";
import { formatDeadline, seatsLabel } from "./rsvp";
import { SeriesDates } from "./Series";
import type { EventDto } from "./types";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-ink-soft">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

export function EventDetails({ event: e, actions }: { event: EventDto; actions: ReactNode }) {
  const place = [e.location, e.city, e.state, e.zip_code, e.country].filter(Boolean).join(", ");
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <div>
        <dl className="divide-y divide-line">
          <Row label="Date">
            {e.end_date
              ? `${formatLongDate(e.event_date)} to ${formatLongDate(e.end_date)}`
              : formatLongDate(e.event_date)}
          </Row>
          <Row label="Time">{formatTimeRange(e.start_time, e.end_time)}</Row>
          {e.series ? (
            <Row label="Repeats">
              <SeriesDates series={e.series} currentId={e.id} />
            </Row>
          ) : null}
          {e.draft ? null : (
            <Row label="Add to calendar">
              {/* The file keeps one entry per event through changes (the UID of the club's mails). */}
              <span className="flex flex-wrap gap-x-5 gap-y-1">
                <a href={`/api/events/${e.id}/event.ics`} download className="text-plum underline">
                  Calendar file (.ics)
                </a>
                <a href={e.calendar_url} target="_blank" rel="noopener noreferrer" className="text-plum underline">
                  Google Calendar
                </a>
              </span>
            </Row>
          )}
          <Row label="Format">{e.is_physical ? "Physical" : "Virtual"}</Row>
          {e.is_physical ? (
            <Row label="Location">{place || "Unset"}</Row>
          ) : (
            <Row label="Link">
              {e.virtual_link ? (
                <a
                  href={e.virtual_link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-plum underline"
                >
                  {e.virtual_link}
                </a>
              ) : (
                "No link provided"
              )}
            </Row>
          )}
          <Row label="Category">{eventTypeLabel(e.type)}</Row>
          <Row label="Exclusivity">{e.exclusivity === "invite-only" ? "Invite only" : "Open"}</Row>
          {e.rsvp ? (
            <Row label="Seats">
              {seatsLabel(e.participants.length, e.rsvp, { countsOnly: true })}
              {e.rsvp.waitlist_count > 0 ? ` · ${e.rsvp.waitlist_count} on the waitlist` : ""}
              {e.rsvp.guests_per_member > 0
                ? ` · each member may bring ${e.rsvp.guests_per_member === 1 ? "a guest" : `up to ${e.rsvp.guests_per_member} guests`}`
                : ""}
            </Row>
          ) : null}
          {e.rsvp?.rsvp_deadline ? (
            <Row label="RSVP by">
              {formatDeadline(e.rsvp.rsvp_deadline)}
              {e.rsvp.closed ? " (closed)" : ""}
            </Row>
          ) : null}
          <Row label="Description">
            <p className="whitespace-pre-line">{e.description}</p>
          </Row>
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
      </div>
      <aside aria-labelledby="participants-heading" className="rounded-[var(--radius-card)] bg-paper-deep p-5">
        <h2 id="participants-heading" className="text-2xl text-plum">
          Participants
        </h2>
        {e.participants.length === 0 ? (
          <p className="mt-3 text-sm text-ink-soft">No participants yet. Be the first to join!</p>
        ) : (
          <ul className="mt-3 space-y-1.5 text-sm">
            {e.participants.map((p) => (
              <li key={p.user_id}>
                <MemberLink id={p.user_id}>{p.name}</MemberLink>
              </li>
            ))}
          </ul>
        )}
      </aside>
    </div>
  );
}
