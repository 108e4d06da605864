import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Checkbox } from "../../ui/Field";
import { Card } from "../../ui/Page";

/** Whether she is e-mailed before the events she joined (the club sets how long before). */
export function EventReminders() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.preferences.get.queryOptions());
  // The box shows her choice at once; a failure puts the saved value back.
  const [on, setOn] = useState(data.eventReminders);
  const save = useMutation(
    trpc.preferences.update.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await queryClient.invalidateQueries({ queryKey: trpc.preferences.get.queryKey() });
      },
      onError: (err) => {
        setOn(data.eventReminders);
        toast.error(errorMessage(err, "Your choice could not be saved."));
      },
    }),
  );
  const hours = data.reminderHours;
  const before =
    hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? "" : "s"}` : `${hours} hour${hours === 1 ? "" : "s"}`;
  return (
    <Card>
      <h2 className="text-2xl text-plum">Event reminders</h2>
      {hours === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">The club does not send event reminders.</p>
      ) : (
        <Checkbox
          className="mt-4"
          label={`E-mail me a reminder ${before} before each event I joined, with the place and a calendar file.`}
          checked={on}
          disabled={save.isPending}
          onChange={(e) => {
            setOn(e.target.checked);
            save.mutate({ eventReminders: e.target.checked });
          }}
        />
      )}
    </Card>
  );
}
