import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient, useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../../lib/moments";
import { errorMessage, trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/Button";
import { cn } from "../../../ui/cn";
import { deliveryPages } from "./delivery-pages";
import { eventWords } from "./EventNames";
import { th } from "./table";

type Delivery = RouterOutputs["webhooks"]["deliveries"]["items"][number];

const day = (d: Date) => formatMoment(d, "MMM d, yyyy");
const time = (d: Date) => formatMoment(d, "h:mm a");

/** Where a message is: delivered, waiting for its next try, or failed after a day of tries. */
function DeliveryState({ delivery: d }: { delivery: Delivery }) {
  if (d.status === "delivered") return <span className="text-success">Delivered</span>;
  if (d.status === "failed") return <span className="font-semibold text-danger">Failed</span>;
  return (
    <span className="text-ink">
      Waiting <span className="block text-xs text-ink-soft">— next try {formatMoment(d.dueAt, "MMM d, h:mm a")}</span>
    </span>
  );
}

/** The endpoint's last answer: its HTTP status, none (refused, timed out), or not tried yet. */
function LastAnswer({ delivery: d }: { delivery: Delivery }) {
  const answer = d.responseStatus !== null ? `HTTP ${d.responseStatus}` : d.attempts ? "No answer" : "Not tried yet";
  return (
    <>
      <span className={cn("tabular-nums", d.responseStatus !== null && d.responseStatus >= 300 && "text-danger")}>
        {answer}
      </span>
      {d.lastAttemptAt ? (
        <span className="block text-xs text-ink-soft">{formatMoment(d.lastAttemptAt, "MMM d, h:mm a")}</span>
      ) : null}
    </>
  );
}

function ErrorText({ delivery: d }: { delivery: Delivery }) {
  return d.lastError ? (
    <span className="[overflow-wrap:anywhere] text-danger">{d.lastError}</span>
  ) : (
    <>
      <span aria-hidden="true" className="text-ink-soft">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}

/** The log's columns: their headings and alignment. */
const logColumns = [
  ["Event", ""],
  ["Created", ""],
  ["State", ""],
  ["Tries", "text-right"],
  ["Last answer", ""],
  ["Error", ""],
] as const;
const td = "px-4 py-3";

/**
 * An endpoint's messages, newest first: a card each on a phone, a table on wider screens, with a
 * way to post a delivered or failed one again, and more of them on request.
 */
export function DeliveryLog({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const pages = useSuspenseInfiniteQuery(deliveryPages(trpc, id));
  const items = useMemo(() => pages.data.pages.flatMap((p) => p.items), [pages.data]);
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: (r) => toast.success(r.message),
      onError: (err) => toast.error(errorMessage(err, "The message could not be posted again.")),
      // Refused or not, the log shows where the message is now.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() }),
    }),
  );
  const redeliverButton = (d: Delivery) =>
    d.status === "pending" ? null : (
      <Button
        variant="secondary"
        className="min-h-9 px-4"
        disabled={redeliver.isPending && redeliver.variables?.id === d.id}
        onClick={() => redeliver.mutate({ id: d.id })}
        aria-label={`Redeliver the ${d.type} message of ${day(d.createdAt)}, ${time(d.createdAt)}`}
      >
        Redeliver
      </Button>
    );

  if (items.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-card p-6 text-ink-soft">
        No messages yet: one is written each time something it listens for happens.
      </p>
    );
  }
  return (
    <>
      {/* Phones: a card per message; wider screens: the table. */}
      <ul className="grid gap-3 md:hidden" aria-label="Messages, newest first">
        {items.map((d) => (
          <li
            key={d.id}
            className="rounded-[var(--radius-card)] border border-line bg-card p-4 text-sm shadow-[var(--shadow-card)]"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <code className="font-mono font-medium text-ink">{d.type}</code>
              <span className="text-ink-soft tabular-nums">
                {day(d.createdAt)}, {time(d.createdAt)}
              </span>
            </div>
            {eventWords(d.type) ? <p className="mt-0.5 text-ink-soft">{eventWords(d.type)}</p> : null}
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-5 gap-y-2">
              <div>
                <dt className="text-ink-soft">State</dt>
                <dd>
                  <DeliveryState delivery={d} />
                </dd>
              </div>
              <div className="text-right">
                <dt className="text-ink-soft">Tries</dt>
                <dd className="text-ink tabular-nums">{d.attempts}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-ink-soft">Last answer</dt>
                <dd>
                  <LastAnswer delivery={d} />
                </dd>
              </div>
              {d.lastError ? (
                <div className="col-span-2">
                  <dt className="text-ink-soft">Error</dt>
                  <dd>
                    <ErrorText delivery={d} />
                  </dd>
                </div>
              ) : null}
            </dl>
            {d.status === "pending" ? null : <div className="mt-3 border-t border-line pt-3">{redeliverButton(d)}</div>}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)] md:block">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">Messages, newest first</caption>
          <thead className="bg-paper-deep">
            <tr>
              {logColumns.map(([label, align]) => (
                <th key={label} scope="col" className={cn(th, align)}>
                  {label}
                </th>
              ))}
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {items.map((d) => (
              <tr key={d.id} className="align-top">
                <th scope="row" className={cn(td, "min-w-[16rem] font-normal")}>
                  <code className="font-mono font-medium text-ink">{d.type}</code>
                  {eventWords(d.type) ? (
                    <span className="block text-xs text-ink-soft">{eventWords(d.type)}</span>
                  ) : null}
                </th>
                <td className={cn(td, "whitespace-nowrap tabular-nums")}>
                  {day(d.createdAt)}
                  <span className="block text-xs text-ink-soft">{time(d.createdAt)}</span>
                </td>
                <td className={cn(td, "whitespace-nowrap")}>
                  <DeliveryState delivery={d} />
                </td>
                <td className={cn(td, "text-right text-ink tabular-nums")}>{d.attempts}</td>
                <td className={cn(td, "whitespace-nowrap")}>
                  <LastAnswer delivery={d} />
                </td>
                <td className={cn(td, "min-w-[14rem]")}>
                  <ErrorText delivery={d} />
                </td>
                <td className={cn(td, "pt-1 pb-2 text-right")}>{redeliverButton(d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
