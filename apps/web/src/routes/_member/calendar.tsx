import { EVENTS_PAGE_MAX, eventSortOrders, myEventFilters } from "@club/shared";
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { format, parseISO } from "date-fns";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { EventPages } from "../../features/events/EventPages";
import { MonthCalendar } from "../../features/events/MonthCalendar";
import { matching, oneOf, searchParams, text } from "../../lib/search-params";
import { today } from "../../lib/time-zone";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button, ButtonLink } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";

const search = searchParams({
  q: text(200),
  sort: oneOf(eventSortOrders),
  /** The list (the spec's cards) or a month on a calendar. */
  view: oneOf(["list", "month"]),
  month: matching(/^\d{4}-(0[1-9]|1[0-2])$/),
  mine: oneOf(myEventFilters),
});
type Search = ReturnType<typeof search>;

// The event form (its form library and rules) is fetched when she creates an event, not with the page.
const EventWizard = lazy(() => import("../../features/events/EventWizard").then((m) => ({ default: m.EventWizard })));

/** Cards per page: four rows of three on a desktop, and a page is about 60 KB of JSON. */
const PAGE = 24;

/**
 * The list starts at today ("upcoming"): a bounded page, more after it, and the past before it,
 * so a club with years of history never sends its whole history to open the page.
 */
const listInput = (s: Pick<Search, "q" | "sort" | "mine">) => ({
  ...(s.q ? { search: s.q } : {}),
  ...(s.sort ? { sort: s.sort } : {}),
  ...(s.mine ? { mine: s.mine } : {}),
  upcoming: true,
  limit: PAGE,
});
type Cursors = { nextCursor: string | null; previousCursor: string | null };
const bothWays = {
  getNextPageParam: (last: Cursors) => last.nextCursor ?? undefined,
  getPreviousPageParam: (first: Cursors) => first.previousCursor ?? undefined,
};

/** The month on the calendar ("2026-11"): the one in the address, else this month. */
const monthOf = (month: string | undefined, timeZone?: string) => month ?? today(timeZone).slice(0, 7);
/**
 * The events on every day the month's grid draws: whole weeks, Sunday first, so the neighbouring
 * months' days shown in it have their events too (an event that began before them too). Written
 * without a date library: the loader is in the first script every page loads.
 */
const monthInput = (s: Pick<Search, "q" | "mine" | "month">, timeZone?: string) => {
  const month = monthOf(s.month, timeZone);
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const first = new Date(Date.UTC(year, m - 1, 1));
  // Day 0 of the next month is this month's last day.
  const last = new Date(Date.UTC(year, m, 0));
  const DAY = 86_400_000;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    ...(s.q ? { search: s.q } : {}),
    ...(s.mine ? { mine: s.mine } : {}),
    from: day(new Date(first.getTime() - first.getUTCDay() * DAY)),
    to: day(new Date(last.getTime() + (6 - last.getUTCDay()) * DAY)),
    limit: EVENTS_PAGE_MAX,
  };
};
const onward = { getNextPageParam: (last: Cursors) => last.nextCursor ?? undefined };

const mineLabels: Record<(typeof myEventFilters)[number], string> = {
  joined: "Joined",
  created: "Created by me",
  invited: "Invited to",
};

export const Route = createFileRoute("/_member/calendar")({
  // Search, sort, view and filters live in the address, so a list can be shared and survives a reload.
  validateSearch: search,
  loaderDeps: ({ search: s }) => ({ q: s.q, sort: s.sort, mine: s.mine, view: s.view, month: s.month }),
  loader: async ({ context, deps }) => {
    await (deps.view === "month"
      ? context.queryClient.ensureInfiniteQueryData(
          context.trpc.events.list.infiniteQueryOptions(monthInput(deps, context.timeZone), onward),
        )
      : context.queryClient.ensureInfiniteQueryData(
          context.trpc.events.list.infiniteQueryOptions(listInput(deps), bothWays),
        ));
  },
  pendingComponent: () => <Page title="Events" lead="Loading events…" />,
  component: EventsPage,
});

function EventsPage() {
  const s = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const view = s.view ?? "list";
  // Typing in the search keeps the previous answer on screen instead of suspending the page.
  const list = useInfiniteQuery({
    ...trpc.events.list.infiniteQueryOptions(listInput(s), bothWays),
    placeholderData: keepPreviousData,
    enabled: view === "list",
  });
  const monthly = useInfiniteQuery({
    ...trpc.events.list.infiniteQueryOptions(monthInput(s), onward),
    placeholderData: keepPreviousData,
    enabled: view === "month",
  });
  // A month holds at most a page of events but for a very busy club: the rest follow at once.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = monthly;
  useEffect(() => {
    if (view === "month" && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [view, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const listed = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const ofMonth = useMemo(() => monthly.data?.pages.flatMap((p) => p.items) ?? [], [monthly.data]);
  const [creating, setCreating] = useState(false);
  const create = useMutation(
    trpc.events.create.mutationOptions({
      onSuccess: async (e) => {
        setCreating(false);
        // A series answers with its first date, which says how it repeats.
        toast.success(`${e.title} was created.`, e.series ? { description: `${e.series.summary}.` } : undefined);
        await queryClient.invalidateQueries({ queryKey: trpc.events.list.pathKey() });
      },
    }),
  );
  const canCreate = user.admin || user.type !== "Standard";
  const month = parseISO(`${monthOf(s.month)}-01`);
  const set = (next: Partial<Search>) => navigate({ search: (prev) => ({ ...prev, ...next }) });
  const chip = (active: boolean) =>
    cn(
      "rounded-full border px-3 py-1.5 text-sm",
      active ? "border-plum bg-plum text-white" : "border-line bg-card text-ink hover:border-plum",
    );

  return (
    <Page
      title="Events"
      actions={
        canCreate ? (
          <>
            <Button onClick={() => setCreating(true)}>Create Event</Button>
            {/* Events she prepares before anyone sees them wait on the Schedule. */}
            <ButtonLink to="/activities-member" variant="secondary">
              Schedule
            </ButtonLink>
          </>
        ) : null
      }
    >
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
        <MonthCalendar events={ofMonth} month={month} onMonthChange={(m) => set({ month: format(m, "yyyy-MM") })} />
      ) : (
        <EventPages
          events={listed}
          hasEarlier={list.hasPreviousPage}
          hasMore={list.hasNextPage}
          loadingEarlier={list.isFetchingPreviousPage}
          loadingMore={list.isFetchingNextPage}
          onEarlier={() => void list.fetchPreviousPage()}
          onMore={() => void list.fetchNextPage()}
          empty={s.q ? `No events match "${s.q}".` : s.mine ? "None of your events here yet." : "No events yet."}
        />
      )}
      <Dialog open={creating} onOpenChange={setCreating} title="Create Event" size="lg">
        <Suspense fallback={<p className="text-ink-soft">Loading…</p>}>
          <EventWizard
            mode="create"
            saving={create.isPending}
            error={create.isError ? errorMessage(create.error, "The event could not be created.") : undefined}
            onCancel={() => setCreating(false)}
            onSave={(f, { repeat }) => create.mutate(repeat ? { ...f, repeat } : f)}
          />
        </Suspense>
      </Dialog>
    </Page>
  );
}
