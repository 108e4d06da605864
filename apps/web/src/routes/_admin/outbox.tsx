import { mailStatuses } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { OutboxMessage } from "../../features/mail/OutboxMessage";
import { outboxStatusLabel, outboxStatusTone } from "../../features/mail/outbox-status";
import { formatMoment } from "../../lib/moments";
import { oneOf, rowIdParam, searchParams, text } from "../../lib/search-params";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { TextField } from "../../ui/Field";
import { Page } from "../../ui/Page";

const search = searchParams({
  status: oneOf(mailStatuses),
  q: text(200),
  message: rowIdParam,
});

const listInput = (s: ReturnType<typeof search>) => ({
  ...(s.status ? { status: s.status } : {}),
  ...(s.q ? { search: s.q } : {}),
});
const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

export const Route = createFileRoute("/_admin/outbox")({
  validateSearch: search,
  loaderDeps: ({ search: s }) => ({ status: s.status, q: s.q }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.mailOutbox.summary.queryOptions()),
      context.queryClient.ensureInfiniteQueryData(
        context.trpc.mailOutbox.list.infiniteQueryOptions(listInput(deps), nextPage),
      ),
    ]);
  },
  pendingComponent: () => <Page title="Mail outbox" lead="Loading messages…" />,
  component: OutboxPage,
});

function OutboxPage() {
  const s = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const summary = useSuspenseQuery(trpc.mailOutbox.summary.queryOptions());
  const pages = useSuspenseInfiniteQuery(trpc.mailOutbox.list.infiniteQueryOptions(listInput(s), nextPage));
  const items = useMemo(() => pages.data.pages.flatMap((p) => p.items), [pages.data]);
  const [query, setQuery] = useState(s.q ?? "");
  const retry = useMutation(
    trpc.mailOutbox.retry.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await queryClient.invalidateQueries({ queryKey: trpc.mailOutbox.pathKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "The message could not be queued again.")),
    }),
  );
  const { counts, delivery } = summary.data;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const filters: [string, (typeof mailStatuses)[number] | undefined, number][] = [
    ["All", undefined, total],
    ...mailStatuses.map((st): [string, typeof st, number] => [outboxStatusLabel[st], st, counts[st]]),
  ];

  return (
    <Page
      title="Mail outbox"
      lead="Every message the club has sent or will send: who it is for, and whether it went."
      actions={
        <Button
          variant="secondary"
          onClick={() => queryClient.invalidateQueries({ queryKey: trpc.mailOutbox.pathKey() })}
        >
          Refresh
        </Button>
      }
    >
      {delivery === "capture" ? (
        <Alert tone="info" className="mb-6">
          No mail server is configured (SMTP_URL), so mail is not sent: it is kept here. Open a message to read it and
          pass its link on, for example a registration or password-reset link.
        </Alert>
      ) : null}
      <div className="mb-5 flex flex-wrap items-end gap-3">
        <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
          {filters.map(([label, status, n]) => (
            <button
              key={label}
              type="button"
              aria-pressed={s.status === status}
              onClick={() => navigate({ search: { ...s, status, message: undefined } })}
              className={cn(
                "rounded-full border px-3 py-1.5 text-sm",
                s.status === status
                  ? "border-plum bg-plum text-white"
                  : "border-line bg-card text-ink hover:border-plum",
              )}
            >
              {label} <span className="opacity-75">({n})</span>
            </button>
          ))}
        </nav>
        <form
          className="ml-auto flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            navigate({ search: { ...s, q: query.trim() || undefined, message: undefined } });
          }}
        >
          <TextField
            label="Search recipient or subject"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </div>

      {items.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-line bg-card p-6 text-ink-soft">No messages here.</p>
      ) : (
        <ul className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card">
          {items.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4 text-sm">
              <button
                type="button"
                onClick={() => navigate({ search: { ...s, message: m.id } })}
                className="min-w-0 flex-1 text-left"
              >
                <p className="truncate font-medium text-ink">{m.subject}</p>
                <p className="truncate text-ink-soft">
                  To {m.to} · {formatMoment(m.createdAt, "MMM d, yyyy h:mm a")}
                </p>
              </button>
              <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium", outboxStatusTone[m.status])}>
                {outboxStatusLabel[m.status]}
              </span>
              {m.status === "failed" ? (
                <div className="flex w-full flex-wrap items-center justify-between gap-2 text-danger">
                  <span>
                    {m.attempts} attempt(s). {m.lastError ?? "No error was recorded."}
                  </span>
                  <Button variant="secondary" onClick={() => retry.mutate({ id: m.id })} disabled={retry.isPending}>
                    Send again
                  </Button>
                </div>
              ) : null}
              {m.status === "pending" && m.attempts > 0 ? (
                <p className="w-full text-ink-soft">
                  Tried {m.attempts} time(s); it will be tried again shortly.
                  {m.lastError ? ` Last error: ${m.lastError}` : ""}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? "Loading…" : "Show more"}
          </Button>
        </div>
      ) : null}
      {s.message ? (
        <OutboxMessage id={s.message} onClose={() => navigate({ search: { ...s, message: undefined } })} />
      ) : null}
    </Page>
  );
}
