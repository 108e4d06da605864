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
 * Event with its welcome, or Leave Event after a confirmation.
 */
export function JoinLeave({ event, me }: { event: EventDto; me: { user_id: string } }) {
  const queryClient = useQueryClient();
  const joined = event.participants.some((p) => p.user_id === me.user_id);
  const [welcome, setWelcome] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
  const join = useMutation(
    trpc.events.join.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setWelcome(true);
      },
      onError: (err) => toast.error(errorMessage(err, "You could not join the event. Please try again.")),
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

  return (
    <>
      {joined ? (
        <Button variant="secondary" onClick={() => setConfirmLeave(true)}>
          Leave Event
        </Button>
      ) : (
        <Button onClick={() => join.mutate({ id: event.id })} disabled={join.isPending}>
          Join Event
        </Button>
      )}
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
        title="Are you sure you want to leave?"
        description={`You can join ${event.title} again later.`}
        confirmLabel="Yes, Leave"
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: event.id })}
      />
    </>
  );
}
