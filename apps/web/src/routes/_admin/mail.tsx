import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { MailComposer, type MailDraft } from "../../features/mail/MailComposer";
import { ScheduledMailTable, SentMailTable } from "../../features/mail/MailHistory";
import { errorMessage, trpc } from "../../lib/trpc";
import { Card, Page } from "../../ui/Page";

type Scheduled = RouterOutputs["adminMail"]["scheduled"]["messages"][number];

/** What the composer holds: a new message (maybe opened from one sent), or a scheduled one being changed. */
type Draft =
  | { kind: "new"; initial?: Partial<MailDraft>; n: number }
  | { kind: "scheduled"; message: Scheduled; n: number };

export const Route = createFileRoute("/_admin/mail")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.adminMail.scheduled.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.adminMail.sent.queryOptions()),
    ]);
  },
  component: MailPage,
});

function MailPage() {
  const queryClient = useQueryClient();
  const scheduled = useSuspenseQuery(trpc.adminMail.scheduled.queryOptions());
  const sent = useSuspenseQuery(trpc.adminMail.sent.queryOptions());
  const [draft, setDraft] = useState<Draft>({ kind: "new", n: 0 });
  const fresh = () => setDraft((d) => ({ kind: "new", n: d.n + 1 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminMail.pathKey() });

  const send = useMutation(trpc.adminMail.send.mutationOptions({ onSuccess: refresh }));
  const sendTest = useMutation(trpc.adminMail.sendTest.mutationOptions());
  const schedule = useMutation(trpc.adminMail.schedule.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.adminMail.updateScheduled.mutationOptions({ onSuccess: refresh }));
  const cancel = useMutation(
    trpc.adminMail.cancelScheduled.mutationOptions({
      onSuccess: async (answer, input) => {
        toast.success(answer.message);
        if (draft.kind === "scheduled" && draft.message.id === input.id) fresh();
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The message could not be cancelled.")),
    }),
  );

  async function openSent(id: string) {
    try {
      const message = await queryClient.fetchQuery(trpc.adminMail.sentMessage.queryOptions({ id }));
      setDraft((d) => ({ kind: "new", initial: message, n: d.n + 1 }));
      toast.success("Opened as a new draft.", {
        description: "Change it as you like; nothing is sent until you confirm.",
      });
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (err) {
      toast.error(errorMessage(err, "The message could not be opened."));
    }
  }

  const editing = draft.kind === "scheduled" ? draft.message : undefined;
  return (
    <Page title="Bulk e-mail" lead="Each member receives their own copy; nobody sees the other recipients.">
      <div className="flex flex-col gap-8">
        <Card>
          <h2 className="mb-5 font-serif text-2xl text-ink">
            {editing ? `Edit the scheduled message “${editing.subject}”` : "New message"}
          </h2>
          <MailComposer
            key={`${draft.kind}-${editing?.id ?? ""}-${draft.n}`}
            keep={editing ? `mail-scheduled-${editing.id}` : "mail-members"}
            initial={
              editing
                ? {
                    subject: editing.subject,
                    body: editing.body,
                    recipientGroup: editing.recipientGroup,
                    selectedMemberIds: editing.selectedMemberIds,
                    sendAt: editing.sendAtLocal,
                  }
                : draft.kind === "new"
                  ? draft.initial
                  : undefined
            }
            onSend={(d) => send.mutateAsync(d)}
            onSendTest={(d) => sendTest.mutateAsync(d)}
            scheduling={{
              timeZone: scheduled.data.timeZone,
              editing: Boolean(editing),
              onSchedule: (d, sendAt) =>
                editing ? update.mutateAsync({ id: editing.id, ...d, sendAt }) : schedule.mutateAsync({ ...d, sendAt }),
            }}
            onSent={fresh}
            {...(editing ? { onCancel: fresh } : {})}
          />
        </Card>
        <Card>
          <h2 className="mb-4 font-serif text-2xl text-ink">Scheduled</h2>
          <ScheduledMailTable
            messages={scheduled.data.messages}
            timeZone={scheduled.data.timeZone}
            onEdit={(message) => {
              setDraft((d) => ({ kind: "scheduled", message, n: d.n + 1 }));
              window.scrollTo({ top: 0, behavior: "smooth" });
            }}
            onCancel={(message) => cancel.mutateAsync({ id: message.id })}
          />
        </Card>
        <Card>
          <h2 className="mb-4 font-serif text-2xl text-ink">Sent</h2>
          <SentMailTable messages={sent.data} onOpen={(id) => void openSent(id)} />
        </Card>
      </div>
    </Page>
  );
}
