import { formatLongDate, formatTimeRange } from "@club/shared";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/Dialog";
import { MailComposer } from "../mail/MailComposer";
import type { EventDto } from "./types";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The prefilled announcement: place, time, exclusivity, description and an add-to-calendar link. */
export function announcementBody(e: EventDto): string {
  const place = e.is_physical
    ? [e.location, e.city, e.state, e.zip_code, e.country].filter(Boolean).join(", ")
    : (e.virtual_link ?? "Online");
  return [
    `<h2>${escapeHtml(e.title)}</h2>`,
    `<p><strong>When:</strong> ${escapeHtml(formatLongDate(e.event_date))}, ${escapeHtml(formatTimeRange(e.start_time, e.end_time))}</p>`,
    `<p><strong>Where:</strong> ${escapeHtml(place)}</p>`,
    `<p><strong>Exclusivity:</strong> ${e.exclusivity === "invite-only" ? "Invite only" : "Open to all members"}</p>`,
    `<p>${escapeHtml(e.description)}</p>`,
    `<p><a href="${escapeHtml(e.calendar_url)}">Add to calendar</a></p>`,
  ].join("\n");
}

export function AnnouncementModal({
  event,
  open,
  onOpenChange,
}: {
  event: EventDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const announce = useMutation(trpc.events.announce.mutationOptions());
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Draft Announcement Email" size="xl">
      <MailComposer
        allowSelected
        eventId={event.id}
        initial={{
          subject: `Upcoming Event: ${event.title} on ${formatLongDate(event.event_date)}`,
          body: announcementBody(event),
        }}
        onSend={(draft) => announce.mutateAsync({ eventId: event.id, ...draft })}
        onSent={() => onOpenChange(false)}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
