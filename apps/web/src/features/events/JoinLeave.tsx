import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import type { EventDto } from "./types";

/**
 * The event's primary action, wherever it is shown (the Details and Participation tabs): Join
 * Event with its welcome (or Join Waitlist when it is full), her guests where the event takes
 * them, or Leave Event / Leave Waitlist after a confirmation.
 */
export function JoinLeave({ event, me }: { event: EventDto; me: { user_id: string } }) {
  const queryClient = useQueryClient();
  const rsvp = event.rsvp;
  const status = rsvp
    ? rsvp.me?.status
    : event.participants.some((p) => p.user_id === me.user_id)
      ? "going"
      : undefined;
  const full = rsvp !== undefined && rsvp.capacity !== null && (rsvp.seats_left === 0 || rsvp.waitlist_count > 0);
  const [guests, setGuests] = useState(rsvp?.me?.guests ?? 0);
  const [welcome, setWelcome] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
  const join = useMutation(
    trpc.events.join.mutationOptions({
      onSuccess: async (r) => {
        await refresh();
        if ("waitlist_position" in r) toast.success(r.message, { description: "We will e-mail you if a seat opens." });
        else if (status === "going") toast.success("Your guests are updated.");
        else setWelcome(true);
      },
      onError: async (err) => {
        toast.error(errorMessage(err, "You could not join the event. Please try again."));
        setGuests(rsvp?.me?.guests ?? 0);
        await refresh();
      },
    }),
  );
  const leave = useMutation(
    trpc.events.leave.mutationOptions({
      onSuccess: async () => {
        setConfirmLeave(false);
        toast.success(`You left ${event.title}.`);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "You could not leave the event. Please try again.")),
    }),
  );
  const confirmation = useMutation(
    trpc.events.sendConfirmation.mutationOptions({
      onSuccess: (r) => {
        toast.success(r.message, { description: "It has the details and a calendar file." });
        setWelcome(false);
      },
      onError: (err) => toast.error(errorMessage(err, "The confirmation could not be sent.")),
    }),
  );

  const guestPicker =
    rsvp && rsvp.guests_per_member > 0 && !(rsvp.closed && !status) ? (
      <label className="flex items-center gap-2 text-sm">
        Guests
        <select
          value={guests}
          disabled={join.isPending}
          onChange={(e) => {
            const n = Number(e.target.value);
            setGuests(n);
            // Once she is in (or waiting), a new number is saved at once.
            if (status) join.mutate({ id: event.id, guests: n });
          }}
          className="rounded-lg border border-line bg-card px-2 py-2"
        >
          {Array.from({ length: rsvp.guests_per_member + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    ) : null;

  // An event that is over is neither joined nor left: the page says it has ended.
  if (event.ended) return null;

  return (
    <>
      {status === "waitlist" && rsvp?.me?.status === "waitlist" ? (
        <p
          className="flex items-center rounded-full bg-plum-soft px-4 py-2 text-sm font-medium text-plum"
          role="status"
        >
          You are #{rsvp.me.position} on the waitlist
        </p>
      ) : null}
      {status ? (
        <Button variant="secondary" onClick={() => setConfirmLeave(true)}>
          {status === "waitlist" ? "Leave Waitlist" : "Leave Event"}
        </Button>
      ) : rsvp?.closed ? (
        <Button disabled>RSVP closed</Button>
      ) : (
        <Button onClick={() => join.mutate({ id: event.id, guests })} disabled={join.isPending}>
          {full ? "Join Waitlist" : "Join Event"}
        </Button>
      )}
      {guestPicker}
      <Dialog
        open={welcome}
        onOpenChange={setWelcome}
        title={`Welcome to ${event.title}!`}
        description="You have successfully joined the event."
      >
        <div className="flex gap-3">
          <Button
            onClick={() => confirmation.mutate({ eventId: event.id, userId: me.user_id })}
            disabled={confirmation.isPending}
          >
            Send Confirmation Email
          </Button>
          <Button variant="secondary" onClick={() => setWelcome(false)}>
            Close
          </Button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title={status === "waitlist" ? "Leave the waitlist?" : "Are you sure you want to leave?"}
        description={
          full && status === "going"
            ? `Your seat goes to the next person on the waitlist of ${event.title}.`
            : `You can join ${event.title} again later.`
        }
        confirmLabel="Yes, Leave"
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: event.id })}
      />
    </>
  );
}
