import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Card, Page } from "../../ui/Page";

type JobKind = RouterOutputs["jobs"]["summary"][number]["kind"];

/** How the screen names each kind of job (a new kind fails to compile until it has its name). */
const kindLabel: Record<JobKind, string> = {
  "mail.send": "E-mail delivery",
  "mail.scheduled": "Scheduled group e-mails",
  "password-reset.send": "Password-reset links",
  "event.reminder": "Event reminders",
  "media.transcode": "Video conversion",
  "data-export.build": "Members' data exports",
  "media.delete-objects": "Deleted members' files",
  "webhook.deliver": "Webhook deliveries",
  "notifications.digest": "Notification digests (hourly)",
  "messages.mail": "Messages e-mailed when unread (each minute)",
  housekeeping: "Housekeeping (hourly)",
};

/** A failed job's kind as stored: one of ours, or one an earlier version had (not run again from here). */
const isKnownKind = (kind: string): kind is JobKind => Object.hasOwn(kindLabel, kind);

const states = [
  ["created", "Waiting"],
  ["retry", "To retry"],
  ["active", "Running"],
  ["completed", "Done (24 h)"],
  ["failed", "Failed"],
  ["cancelled", "Cancelled"],
] as const;

export const Route = createFileRoute("/_admin/jobs")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.jobs.summary.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.jobs.failures.queryOptions({ limit: 20 })),
    ]);
  },
  pendingComponent: () => <Page title="Background jobs" lead="Loading…" />,
  component: JobsPage,
});

function JobsPage() {
  const queryClient = useQueryClient();
  const { data: summary } = useSuspenseQuery(trpc.jobs.summary.queryOptions());
  const { data: failures } = useSuspenseQuery(trpc.jobs.failures.queryOptions({ limit: 20 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
  const retry = useMutation(
    trpc.jobs.retry.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The job could not be run again.")),
    }),
  );

  return (
    <Page
      title="Background jobs"
      lead={
        <>
          Work done after a request was answered: e-mail (see the{" "}
          <Link to="/outbox" className="underline">
            Mail outbox
          </Link>
          ), password-reset links and housekeeping.
        </>
      }
      actions={
        <Button variant="secondary" onClick={refresh}>
          Refresh
        </Button>
      }
    >
      {/* Phones: a card per kind with its states; wider screens: the table. */}
      <ul className="grid gap-3 md:hidden">
        {summary.map((row) => (
          <li key={row.kind} className="rounded-[var(--radius-card)] border border-line bg-card p-4">
            <h2 className="text-xl text-plum">{kindLabel[row.kind]}</h2>
            <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
              {states.map(([state, label]) => (
                <div key={state}>
                  <dt className="text-ink-soft">{label}</dt>
                  <dd
                    className={`tabular-nums ${state === "failed" && row.states[state] ? "font-semibold text-danger" : "text-ink"}`}
                  >
                    {row.states[state] ?? 0}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-x-auto p-0 md:block">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Jobs by kind and state</caption>
          <thead className="bg-paper-deep text-ink-soft">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Kind
              </th>
              {states.map(([, label]) => (
                <th key={label} scope="col" className="px-4 py-3 text-right font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {summary.map((row) => (
              <tr key={row.kind}>
                <th scope="row" className="px-4 py-3 font-medium text-ink">
                  {kindLabel[row.kind]}
                </th>
                {states.map(([state]) => (
                  <td
                    key={state}
                    className={`px-4 py-3 text-right tabular-nums ${state === "failed" && row.states[state] ? "font-semibold text-danger" : "text-ink"}`}
                  >
                    {row.states[state] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <h2 className="mt-10 mb-3 text-3xl text-plum">Recent failures</h2>
      {failures.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-line bg-card p-6 text-ink-soft">No job has failed.</p>
      ) : (
        <ul className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card">
          {failures.map((f) => {
            const kind = isKnownKind(f.kind) ? f.kind : undefined;
            const name = kind ? kindLabel[kind] : f.kind;
            return (
              <li key={f.id} className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">
                    {name}{" "}
                    <span className="font-normal text-ink-soft">
                      · {f.attempts} attempt(s){f.failedAt ? ` · ${formatMoment(f.failedAt, "MMM d, h:mm a")}` : ""}
                    </span>
                  </p>
                  <p className="mt-1 break-words text-danger">{f.error}</p>
                </div>
                <Button
                  variant="secondary"
                  disabled={retry.isPending || !kind}
                  onClick={() => kind && retry.mutate({ kind, id: f.id })}
                  aria-label={`Run again: ${name}, ${f.error}`}
                >
                  Run again
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
