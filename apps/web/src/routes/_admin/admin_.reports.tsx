import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { MessageItem } from "../../features/messages/MessageItem";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Page } from "../../ui/Page";

type Report = RouterOutputs["conversations"]["reports"][number];

const names = (list: readonly string[]) =>
  list.length <= 1 ? (list[0] ?? "no one") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;

/**
 * Reported messages: what members reported to the administrators, oldest first, each with the
 * reason and the few messages around it (an admin sees nothing else of a conversation). Closed once
 * dealt with; the message itself stays.
 */
export const Route = createFileRoute("/_admin/admin_/reports")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.conversations.reports.queryOptions());
  },
  pendingComponent: () => <Page title="Reported messages" lead="Loading the reports…" />,
  component: ReportsPage,
});

function ReportsPage() {
  const queryClient = useQueryClient();
  const { data: reports } = useSuspenseQuery(trpc.conversations.reports.queryOptions());
  const [closing, setClosing] = useState<Report>();
  const close = useMutation(
    trpc.conversations.closeReport.mutationOptions({
      onSuccess: async (r) => {
        setClosing(undefined);
        toast.success(r.message);
        await queryClient.invalidateQueries({ queryKey: trpc.conversations.reports.queryKey() });
      },
      onError: (err) => {
        setClosing(undefined);
        toast.error(errorMessage(err, "The report could not be closed. Please try again."));
      },
    }),
  );
  return (
    <Page
      title="Reported messages"
      lead={
        reports.length === 0
          ? "No report is waiting. When a member reports a message, it shows here with the messages around it."
          : `${reports.length} report${reports.length === 1 ? "" : "s"} waiting, the oldest first. You see each reported message with the few around it, and nothing else of the conversation.`
      }
    >
      <ol aria-label="Open reports" className="flex flex-col gap-8">
        {reports.map((r) => (
          <li key={r.id}>
            <article
              aria-label={`Report by ${r.reporter_name}`}
              className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)]"
            >
              <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line bg-paper-deep/60 px-5 py-4 sm:px-6">
                <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-xs font-semibold tracking-[0.14em] text-plum uppercase">Reported by</dt>
                  <dd className="text-ink">
                    <span className="font-medium">{r.reporter_name}</span>
                    <span className="text-ink-soft"> · {formatMoment(r.created_at, "MMM d, yyyy 'at' h:mm a")}</span>
                  </dd>
                  <dt className="text-xs font-semibold tracking-[0.14em] text-plum uppercase">Between</dt>
                  <dd className="text-ink">{names(r.members)}</dd>
                  <dt className="text-xs font-semibold tracking-[0.14em] text-plum uppercase">Reason</dt>
                  <dd className="whitespace-pre-wrap break-words text-ink">{r.reason}</dd>
                </dl>
                <Button variant="secondary" onClick={() => setClosing(r)}>
                  Close report
                </Button>
              </header>
              <div className="px-5 py-5 sm:px-6">
                <h2 className="mb-3 font-sans text-xs font-semibold tracking-[0.14em] text-ink-soft uppercase">
                  The message, with the messages around it
                </h2>
                <ol aria-label="Messages around the reported one">
                  {r.context.map((m) => (
                    <ContextMessage key={m.id} message={m} reported={m.id === r.message.id} />
                  ))}
                </ol>
              </div>
            </article>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={Boolean(closing)}
        onOpenChange={(open) => !open && setClosing(undefined)}
        title="Close this report?"
        description="It leaves this page. The message stays in the conversation."
        confirmLabel="Yes, Close"
        tone="primary"
        busy={close.isPending}
        onConfirm={() => closing && close.mutate({ id: closing.id })}
      />
    </Page>
  );
}

/** A message as the admin reads it: every one on the left, by name and time (none of them is hers). */
function ContextMessage({ message, reported }: { message: Report["message"]; reported: boolean }) {
  return (
    <MessageItem
      message={{ ...message, mine: false }}
      highlighted={reported}
      moment="MMM d, yyyy 'at' h:mm a"
      actions={reported ? <span className="font-semibold text-gold">▲ The reported message</span> : null}
    />
  );
}
