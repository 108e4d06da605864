import { useState } from "react";
import { Button } from "../../ui/Button";
import { GuestList } from "./GuestList";
import { InviteModal } from "./InviteModal";
import { JoinLeave } from "./JoinLeave";
import type { EventDto } from "./types";

export function Participation({ event, me }: { event: EventDto; me: { user_id: string } }) {
  const [inviting, setInviting] = useState(false);
  return (
    <div>
      <h2 className="text-2xl text-plum">
        {event.ended ? "Participants" : "Current Participants"} ({event.participants.length})
      </h2>
      {event.participants.length === 0 ? (
        <p className="mt-3 text-ink-soft">
          {event.ended ? "Nobody joined this event." : "No participants yet. Be the first to join!"}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card">
          {event.participants.map((p) => (
            <li key={p.user_id} className="flex items-center gap-2 px-4 py-2.5">
              {p.name}
              {p.user_id === event.host?.user_id ? (
                <span className="rounded-full bg-gold-light/40 px-2 py-0.5 text-xs text-ink">Host</span>
              ) : null}
              {p.user_id === me.user_id ? (
                <span className="rounded-full bg-plum-soft px-2 py-0.5 text-xs text-plum">(You)</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {/* Nobody joins or is invited to an event that is over. */}
      {event.ended ? null : (
        <div className="mt-5 flex flex-wrap gap-3">
          {/* On a phone Join/Leave is at the top of the event's page, above the tabs. */}
          <div className="hidden sm:contents">
            <JoinLeave event={event} me={me} />
          </div>
          <Button variant="secondary" onClick={() => setInviting(true)}>
            Invite Member(s)
          </Button>
        </div>
      )}
      {event.can_manage ? <GuestList event={event} /> : null}
      <InviteModal event={event} open={inviting} onOpenChange={setInviting} />
    </div>
  );
}
