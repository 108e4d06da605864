import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { InviteModal } from "./InviteModal";
import type { EventDto } from "./types";

export function Participation({ event, me }: { event: EventDto; me: { user_id: string } }) {
  const queryClient = useQueryClient();
  const joined = event.participants.some((p) => p.user_id === me.user_id);
  const [welcome, setWelcome] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
  const join = useMutation(
    trpc.events.join.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setWelcome(true);
      },
    }),
  );
  const leave = useMutation(
    trpc.events.leave.mutationOptions({
      onSuccess: async () => {
        setConfirmLeave(false);
        await refresh();
      },
    }),
  );
  const confirm = useMutation(
    trpc.events.sendConfirmation.mutationOptions({
      onSuccess: (r) => setNotice({ ok: true, text: r.message }),
      onError: (err) => setNotice({ ok: false, text: errorMessage(err, "The confirmation could not be sent.") }),
    }),
  );

  return (
    <div>
      <h2 className="text-2xl text-plum">Current Participants ({event.participants.length})</h2>
      {event.participants.length === 0 ? (
        <p className="mt-3 text-ink-soft">No participants yet. Be the first to join!</p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card">
          {event.participants.map((p) => (
            <li key={p.user_id} className="flex items-center gap-2 px-4 py-2.5">
              {p.name}
              {p.user_id === me.user_id ? (
                <span className="rounded-full bg-plum-soft px-2 py-0.5 text-xs text-plum">(You)</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        {joined ? (
          <Button variant="secondary" onClick={() => setConfirmLeave(true)}>
            Leave Event
          </Button>
        ) : (
          <Button onClick={() => join.mutate({ id: event.id })} disabled={join.isPending}>
            Join Event
          </Button>
        )}
        <Button variant="secondary" onClick={() => setInviting(true)}>
          Invite Member(s)
        </Button>
      </div>
      {notice ? (
        <Alert tone={notice.ok ? "success" : "error"} className="mt-4">
          {notice.text}
        </Alert>
      ) : null}

      <Dialog
        open={welcome}
        onOpenChange={setWelcome}
        title={`Welcome to ${event.title}!`}
        description="You have successfully joined the event."
      >
        <div className="flex gap-3">
          <Button
            onClick={() => confirm.mutate({ eventId: event.id, userId: me.user_id })}
            disabled={confirm.isPending}
          >
            Send Confirmation Email
          </Button>
          <Button variant="secondary" onClick={() => setWelcome(false)}>
            Close
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirmLeave} onOpenChange={setConfirmLeave} title="Are you sure you want to leave?">
        <div className="flex gap-3">
          <Button variant="danger" onClick={() => leave.mutate({ id: event.id })} disabled={leave.isPending}>
            Yes, Leave
          </Button>
          <Button variant="secondary" onClick={() => setConfirmLeave(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
      <InviteModal
        event={event}
        open={inviting}
        onOpenChange={setInviting}
        onInvited={(text) => setNotice({ ok: true, text })}
      />
    </div>
  );
}
