import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { EventCard } from "../../features/events/EventCard";
import { EventWizard, formFromEvent, payloadOf } from "../../features/events/EventWizard";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";

const search = z.object({
  q: z.string().max(200).optional().catch(undefined),
  sort: z.enum(["asc", "desc"]).optional().catch(undefined),
});

export const Route = createFileRoute("/_member/calendar")({
  // Search and sort live in the address, so a list can be shared and survives a reload.
  validateSearch: search,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.events.list.queryOptions({ search: deps.q, sort: deps.sort })),
  component: function EventsPage() {
    const { q, sort } = Route.useSearch();
    const { user } = Route.useRouteContext();
    const navigate = useNavigate({ from: Route.fullPath });
    const queryClient = useQueryClient();
    const events = useQuery(trpc.events.list.queryOptions({ search: q, sort }));
    const [creating, setCreating] = useState(false);
    const create = useMutation(
      trpc.events.create.mutationOptions({
        onSuccess: async () => {
          setCreating(false);
          await queryClient.invalidateQueries({ queryKey: trpc.events.list.pathKey() });
        },
      }),
    );
    const canCreate = user.admin || user.type !== "Standard";

    return (
      <Page title="Events" actions={canCreate ? <Button onClick={() => setCreating(true)}>Create Event</Button> : null}>
        <div className="mb-6 flex flex-wrap items-end gap-4">
          <label className="flex min-w-60 flex-1 flex-col gap-1.5 text-sm font-medium">
            Search events
            <input
              type="search"
              value={q ?? ""}
              placeholder="Search by title…"
              onChange={(e) => navigate({ search: (s) => ({ ...s, q: e.target.value || undefined }), replace: true })}
              className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
            />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Sort by date
            <select
              value={sort ?? "asc"}
              onChange={(e) =>
                navigate({ search: (s) => ({ ...s, sort: e.target.value === "desc" ? "desc" : undefined }) })
              }
              className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
            >
              <option value="asc">Soonest first</option>
              <option value="desc">Latest first</option>
            </select>
          </label>
        </div>
        {events.data?.length === 0 ? (
          <p className="text-ink-soft">{q ? `No events match "${q}".` : "No events yet."}</p>
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
            onSave={(f) => create.mutate(payloadOf(f))}
          />
        </Dialog>
      </Page>
    );
  },
});
