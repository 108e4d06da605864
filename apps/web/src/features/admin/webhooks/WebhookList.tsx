import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../../lib/moments";
import { errorMessage, trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { cn } from "../../../ui/cn";
import { EventNames } from "./EventNames";
import { th } from "./table";

export type Webhook = RouterOutputs["webhooks"]["list"][number];

/**
 * Whether its messages get through: "Answering", paused (by an admin, or by the club after three
 * days of failures), since when they fail (after a day of tries), or how many tries failed in a row.
 */
function WebhookState({ webhook }: { webhook: Webhook }) {
  if (webhook.pausedBecause === "failing")
    return <span className="font-medium text-danger">Paused: three days of failures</span>;
  if (webhook.pausedAt) return <span className="font-medium text-ink">Paused</span>;
  if (webhook.failingSince)
    return (
      <span className="font-medium text-danger">Failing since {formatMoment(webhook.failingSince, "MMM d, yyyy")}</span>
    );
  if (webhook.failedTries > 0)
    return (
      <span className="font-medium text-danger">
        {webhook.failedTries} {webhook.failedTries === 1 ? "try" : "tries"} failed
      </span>
    );
  return <span className="text-success">Answering</span>;
}

const count = (n: number, danger = false) =>
  cn("tabular-nums", danger && n > 0 ? "font-semibold text-danger" : "text-ink");

/** The list's columns: their headings, and the numbers' narrow width aligned right. */
const listColumns = [
  ["Name", ""],
  ["Address", ""],
  ["Events", ""],
  ["State", "w-px"],
  ["Waiting", "w-px text-right"],
  ["Failed", "w-px text-right"],
] as const;

/**
 * The club's webhooks: a card each on a phone, a table on wider screens, each with its state, its
 * messages waiting and failed, a way to its delivery log, and Remove (asked first).
 */
export function WebhookList({ webhooks, onRemoved }: { webhooks: Webhook[]; onRemoved: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<{ id: string; name: string }>();
  const remove = useMutation(
    trpc.webhooks.remove.mutationOptions({
      onSuccess: async (_r, { id }) => {
        toast.success(`The webhook “${removing?.name ?? ""}” was removed.`);
        setRemoving(undefined);
        onRemoved(id);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
      },
      onError: async (err) => {
        setRemoving(undefined);
        toast.error(errorMessage(err, "The webhook could not be removed."));
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );
  const removeButton = (w: Webhook) => (
    <Button
      variant="ghost"
      onClick={() => setRemoving({ id: w.id, name: w.name })}
      aria-label={`Remove the webhook ${w.name}`}
    >
      Remove
    </Button>
  );

  return (
    <>
      {webhooks.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-line bg-card p-6 text-ink-soft">No webhooks yet.</p>
      ) : (
        <>
          {/* Phones: a card per webhook; wider screens: the table. */}
          <ul className="grid gap-3 md:hidden">
            {webhooks.map((w) => (
              <li
                key={w.id}
                className="rounded-[var(--radius-card)] border border-line bg-card p-4 shadow-[var(--shadow-card)]"
              >
                <h3 className="text-xl text-plum">
                  <Link to="/webhooks/$id" params={{ id: w.id }} className="underline-offset-4 hover:underline">
                    {w.name}
                  </Link>
                </h3>
                <p className="mt-1 text-sm [overflow-wrap:anywhere] text-ink-soft">{w.url}</p>
                <EventNames events={w.events} className="mt-3" />
                <dl className="mt-4 grid grid-cols-[1fr_auto_auto] gap-x-5 gap-y-1 text-sm">
                  <div>
                    <dt className="text-ink-soft">State</dt>
                    <dd>
                      <WebhookState webhook={w} />
                    </dd>
                  </div>
                  <div className="text-right">
                    <dt className="text-ink-soft">Waiting</dt>
                    <dd className={count(w.pending)}>{w.pending}</dd>
                  </div>
                  <div className="text-right">
                    <dt className="text-ink-soft">Failed</dt>
                    <dd className={count(w.failed, true)}>{w.failed}</dd>
                  </div>
                </dl>
                <div className="mt-3 flex justify-between gap-2 border-t border-line pt-3">
                  <Link
                    to="/webhooks/$id"
                    params={{ id: w.id }}
                    className="inline-flex min-h-10 items-center text-sm font-medium text-plum underline underline-offset-4"
                    aria-label={`Delivery log of ${w.name}`}
                  >
                    Delivery log
                  </Link>
                  {removeButton(w)}
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)] md:block">
            <table className="w-full min-w-[52rem] text-left text-sm">
              <caption className="sr-only">Webhooks, with their messages waiting and failed</caption>
              <thead className="bg-paper-deep">
                <tr>
                  {listColumns.map(([label, width]) => (
                    <th key={label} scope="col" className={cn(th, width)}>
                      {label}
                    </th>
                  ))}
                  <th scope="col" className={cn(th, "w-px")}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {webhooks.map((w) => (
                  <tr key={w.id} className="align-top">
                    <th scope="row" className="min-w-[11rem] px-4 py-3 font-medium [overflow-wrap:anywhere]">
                      <Link
                        to="/webhooks/$id"
                        params={{ id: w.id }}
                        className="text-plum underline decoration-plum/30 underline-offset-4 hover:decoration-plum"
                      >
                        {w.name}
                      </Link>
                    </th>
                    <td className="min-w-[15rem] px-4 py-3 [overflow-wrap:anywhere] text-ink-soft">{w.url}</td>
                    <td className="min-w-[15rem] px-4 py-3">
                      <EventNames events={w.events} />
                    </td>
                    <td className="min-w-[7.5rem] px-4 py-3">
                      <WebhookState webhook={w} />
                    </td>
                    <td className={cn("px-4 py-3 text-right", count(w.pending))}>{w.pending}</td>
                    <td className={cn("px-4 py-3 text-right", count(w.failed, true))}>{w.failed}</td>
                    <td className="px-4 pt-0.5 pb-2 text-right">{removeButton(w)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={`Remove the webhook “${removing?.name ?? ""}”?`}
        description="It stops receiving messages, and its delivery log is deleted."
        confirmLabel="Yes, Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </>
  );
}
