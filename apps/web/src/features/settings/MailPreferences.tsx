import { type MailPreferences as Choices, type MailKind, mailKindLabels, mailKinds } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Checkbox } from "../../ui/Field";
import { Card } from "../../ui/Page";

/** "1 day", "36 hours": how long before an event the club sends reminders. */
function reminderLead(hours: number): string {
  return hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? "" : "s"}` : `${hours} hour${hours === 1 ? "" : "s"}`;
}

/**
 * Settings → E-mail: which bulk mail she receives (each of these mails also carries a link that
 * stops its kind). Account mail has no switch, and the panel says so.
 */
export function MailPreferences() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.preferences.get.queryOptions());
  // The boxes show her choice at once; a failure puts the saved values back.
  const [on, setOn] = useState<Choices>(data.mail);
  const save = useMutation(
    trpc.preferences.update.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await queryClient.invalidateQueries({ queryKey: trpc.preferences.get.queryKey() });
      },
      onError: (err) => {
        setOn(data.mail);
        toast.error(errorMessage(err, "Your choice could not be saved."));
      },
    }),
  );
  const hours = data.reminderHours;
  const label = (kind: MailKind) =>
    kind === "reminders"
      ? `E-mail me a reminder ${reminderLead(hours)} before each event I joined, with the place and a calendar file.`
      : mailKindLabels[kind].description;

  return (
    <Card>
      <h2 className="text-2xl text-plum">E-mail</h2>
      <p className="mt-2 text-sm text-ink-soft">Which e-mails the club sends you.</p>
      <fieldset className="mt-4 flex flex-col gap-4">
        <legend className="sr-only">E-mails you receive</legend>
        {/* The digest's switch is the Notifications card's "How often" (its unsubscribe link turns it off). */}
        {mailKinds
          .filter((kind) => kind !== "digest")
          .map((kind) =>
            kind === "reminders" && hours === 0 ? (
              <div key={kind}>
                <p className="text-sm font-medium text-ink">{mailKindLabels[kind].title}</p>
                <p className="text-sm text-ink-soft">The club does not send event reminders.</p>
              </div>
            ) : (
              <div key={kind}>
                <p className="text-sm font-medium text-ink">{mailKindLabels[kind].title}</p>
                <Checkbox
                  className="mt-1 items-start [&_input]:mt-0.5"
                  label={label(kind)}
                  checked={on[kind]}
                  disabled={save.isPending}
                  onChange={(e) => {
                    setOn({ ...on, [kind]: e.target.checked });
                    save.mutate({ [kind]: e.target.checked });
                  }}
                />
              </div>
            ),
          )}
      </fieldset>
      <p className="mt-5 border-t border-line pt-4 text-sm text-ink-soft">
        Account e-mails — your registration, password resets, sign-in and security notices, and your own event
        confirmations and invitations — always reach you.
      </p>
    </Card>
  );
}
