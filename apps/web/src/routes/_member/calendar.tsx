import { eventSortOrders, myEventFilters } from "@club/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { format, parse } from "date-fns";
import { useState } from "react";
import { toast } from "sonner";
import { EventCard } from "../../features/events/EventCard";
import { EventWizard, formFromEvent } from "../../features/events/EventWizard";
import { MonthCalendar } from "../../features/events/MonthCalendar";
import { matching, oneOf, searchParams, text } from "../../lib/search-params";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";

const search = searchParams({
  q: text(200),
  sort: oneOf(eventSortOrders),
  /** The list (the spec's cards) or a month on a calendar. */
  view: oneOf(["list", "month"]),
  month: matching(/^\d{4}-\d{2}$/),
  mine: oneOf(myEventFilters),
});
type Search = ReturnType<typeof search>;

const listInput = (s: Search) => ({
  ...(s.q ? { search: s.q } : {}),
  ...(s.sort ? { sort: s.sort } : {}),
  ...(s.mine ? { mine: s.mine } : {}),
});

const mineLabels: Record<(typeof myEventFilters)[number], string> = {
  joined: "Joined",
  created: "Created by me",
  invited: "Invited to",
};

export const Route = createFileRoute("/_member/calendar")({
  // Search, sort, view and filters live in the address, so a list can be shared and survives a reload.
  validateSearch: search,
  loaderDeps: ({ search: s }) => ({ q: s.q, sort: s.sort, mine: s.mine }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.events.list.queryOptions(listInput(deps))),
  pendingComponent: () => <Page title="Events" lead="Loading events…" />,
  component: EventsPage,
});

function EventsPage() {
  const s = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  // Typing in the search keeps the previous answer on screen instead of suspending the page.
  const events = useQuery({ ...trpc.events.list.queryOptions(listInput(s)), placeholderData: keepPreviousData });
  const [creating, setCreating] = useState(false);
  const create = useMutation(
    trpc.events.create.mutationOptions({
      onSuccess: async (e) => {
        setCreating(false);
        toast.success(`${e.title} was created.`);
        await queryClient.invalidateQueries({ queryKey: trpc.events.list.pathKey() });
      },
    }),
  );
  const canCreate = user.admin || user.type !== "Standard";
  const view = s.view ?? "list";
  const month = s.month ? parse(s.month, "yyyy-MM", new Date()) : new Date();
  const set = (next: Partial<Search>) => navigate({ search: (prev) => ({ ...prev, ...next }) });
  const chip = (active: boolean) =>
    cn(
      "rounded-full border px-3 py-1.5 text-sm",
      active ? "border-plum bg-plum text-white" : "border-line bg-card text-ink hover:border-plum",
    );

  return (
    <Page title="Events" actions={canCreate ? <Button onClick={() => setCreating(true)}>Create Event</Button> : null}>
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <label className="flex min-w-60 flex-1 flex-col gap-1.5 text-sm font-medium">
          Search events
          <input
            type="search"
            value={s.q ?? ""}
            placeholder="Search by title…"
            onChange={(e) => navigate({ search: (p) => ({ ...p, q: e.target.value || undefined }), replace: true })}
            className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
          />
        </label>
        {view === "list" ? (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Sort by date
            <select
              value={s.sort ?? "asc"}
              onChange={(e) => set({ sort: e.target.value === "desc" ? "desc" : undefined })}
              className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
            >
              <option value="asc">Soonest first</option>
              <option value="desc">Latest first</option>
            </select>
          </label>
        ) : null}
        <fieldset className="flex gap-1 rounded-full border border-line bg-card p-1">
          <legend className="sr-only">Show as</legend>
          {(["list", "month"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => set({ view: v === "list" ? undefined : v })}
              className={cn(
                "rounded-full px-3 py-1.5 text-sm",
                view === v ? "bg-plum text-white" : "text-ink hover:bg-plum-soft",
              )}
            >
              {v === "list" ? "List" : "Month"}
            </button>
          ))}
        </fieldset>
      </div>
      <nav aria-label="My events" className="mb-6 flex flex-wrap gap-2">
        <button type="button" aria-pressed={!s.mine} className={chip(!s.mine)} onClick={() => set({ mine: undefined })}>
          All events
        </button>
        {myEventFilters.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={s.mine === m}
            className={chip(s.mine === m)}
            onClick={() => set({ mine: m })}
          >
            {mineLabels[m]}
          </button>
        ))}
      </nav>

      {view === "month" ? (
        <MonthCalendar
          events={events.data ?? []}
          month={month}
          onMonthChange={(m) => set({ month: format(m, "yyyy-MM") })}
        />
      ) : events.data?.length === 0 ? (
        <p className="text-ink-soft">
          {s.q ? `No events match "${s.q}".` : s.mine ? "None of your events here yet." : "No events yet."}
        </p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {events.data?.map((e) => (
            <li key={e.id}>
              <EventCard event={e} />
            </li>
          ))}
        </ul>
      )}
      <Dialog open={creating} onOpenChange={setCreating} title="Create Event" size="lg">
        <EventWizard
          mode="create"
          initial={formFromEvent()}
          saving={create.isPending}
          error={create.isError ? errorMessage(create.error, "The event could not be created.") : undefined}
          onCancel={() => setCreating(false)}
          onSave={(f) => create.mutate(f)}
        />
      </Dialog>
    </Page>
  );
}
