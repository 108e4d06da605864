import { digestFrequencies, type NotificationPrefsUpdate, notificationKindLabels } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Field";
import { Card } from "../../ui/Page";

const FREQUENCY_LABELS: Record<(typeof digestFrequencies)[number], string> = {
  off: "No digest",
  daily: "Daily",
  weekly: "Weekly",
};

/** The table's two switches per kind, and how each checkbox is named. */
const COLUMNS = [
  ["inApp", "in the app"],
  ["email", "in the digest"],
] as const;

/** Per kind: in the bell, and in the e-mail digest; and how often the digest of what she has not read comes. */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const { data } = useSuspenseQuery(trpc.notifications.prefs.queryOptions());
  const [draft, setDraft] = useState<NotificationPrefsUpdate>({ kinds: data.kinds, digest: data.digest });
  // Only admins hear of applications: the others have no row for it.
  const kinds = draft.kinds.filter((k) => k.kind !== "application" || me.admin);
  const changed = JSON.stringify(draft) !== JSON.stringify({ kinds: data.kinds, digest: data.digest });
  const save = useMutation(
    trpc.notifications.setPrefs.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.notifications.prefs.queryKey(), saved);
        setDraft({ kinds: saved.kinds, digest: saved.digest });
        toast.success("Your notification choices are saved.");
        await queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.preferences.get.queryKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "Your choices could not be saved. Please try again.")),
    }),
  );
  const set = (kind: string, field: "inApp" | "email", on: boolean) =>
    setDraft((d) => ({ ...d, kinds: d.kinds.map((k) => (k.kind === kind ? { ...k, [field]: on } : k)) }));

  return (
    <Card>
      <h2 className="text-2xl text-plum">Notifications</h2>
      <p className="mt-2 text-sm text-ink-soft">
        What the bell tells you, and what your e-mail digest of unread notifications includes.
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Notifications by kind</caption>
          <thead>
            <tr className="border-b border-line text-ink-soft">
              <th scope="col" className="py-2 pr-4 font-medium">
                Kind
              </th>
              <th scope="col" className="px-3 py-2 text-center font-medium">
                In the app
              </th>
              <th scope="col" className="px-3 py-2 text-center font-medium">
                In the digest
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {kinds.map((k) => (
              <tr key={k.kind}>
                <th scope="row" className="py-2.5 pr-4 font-normal text-ink">
                  {notificationKindLabels[k.kind]}
                </th>
                {COLUMNS.map(([field, where]) => (
                  <td key={field} className="px-3 py-2.5 text-center">
                    <input
                      type="checkbox"
                      className="size-4 accent-plum"
                      aria-label={`${notificationKindLabels[k.kind]}: ${where}`}
                      checked={k[field]}
                      onChange={(e) => set(k.kind, field, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SelectField
        className="mt-5 max-w-xs"
        label="E-mail digest"
        hint="An e-mail of what you have not read since the last one; none when there is nothing new."
        value={draft.digest}
        options={digestFrequencies.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
        onChange={(e) => setDraft((d) => ({ ...d, digest: e.target.value as NotificationPrefsUpdate["digest"] }))}
      />
      <Button className="mt-5" disabled={!changed || save.isPending} onClick={() => save.mutate(draft)}>
        Save notification choices
      </Button>
    </Card>
  );
}
