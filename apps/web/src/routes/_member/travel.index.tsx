import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { HomeCard } from "../../features/travel/HomeCard";
import { type TravelSearch, travelSearch } from "../../features/travel/search";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, ButtonLink } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { Page } from "../../ui/Page";

const listInput = (s: TravelSearch) => ({
  ...(s.arrive && s.depart ? { arrive: s.arrive, depart: s.depart } : {}),
  ...(s.guests ? { guests: s.guests } : {}),
  ...(s.place?.trim() ? { place: s.place.trim() } : {}),
});

/** Travel: the members' own homes, found by dates, guests and place, each with her own rate. */
export const Route = createFileRoute("/_member/travel/")({
  validateSearch: travelSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient
      .ensureQueryData(context.trpc.homes.list.queryOptions(listInput(deps)))
      .catch(() => undefined);
  },
  component: Travel,
});

function Travel() {
  const s = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const homes = useQuery({ ...trpc.homes.list.queryOptions(listInput(s)), placeholderData: keepPreviousData });
  const [draft, setDraft] = useState({
    arrive: s.arrive ?? "",
    depart: s.depart ?? "",
    guests: s.guests ? String(s.guests) : "",
    place: s.place ?? "",
  });
  const search = (e: FormEvent) => {
    e.preventDefault();
    const guests = Number(draft.guests);
    navigate({
      search: {
        arrive: draft.arrive || undefined,
        depart: draft.depart || undefined,
        guests: Number.isInteger(guests) && guests > 0 ? guests : undefined,
        place: draft.place.trim() || undefined,
      },
    });
  };
  const hosts = user.admin || user.type === "Travel Host";
  return (
    <Page
      title="Travel"
      lead="Members' own homes, offered to the club: ask for the dates you would like, and stay as a friend."
      actions={
        <>
          <ButtonLink variant="secondary" to="/travel/trips">
            Your trips
          </ButtonLink>
          {hosts ? (
            <ButtonLink variant="secondary" to="/travel/hosting">
              Your homes
            </ButtonLink>
          ) : null}
        </>
      }
    >
      <search>
        <form
          onSubmit={search}
          aria-label="Find a home"
          className="mb-8 grid items-end gap-4 sm:grid-cols-[1fr_1fr_0.6fr_1.4fr_auto]"
        >
          <TextField
            type="date"
            label="Arrive"
            value={draft.arrive}
            onChange={(e) => setDraft({ ...draft, arrive: e.target.value })}
          />
          <TextField
            type="date"
            label="Depart"
            value={draft.depart}
            onChange={(e) => setDraft({ ...draft, depart: e.target.value })}
          />
          <TextField
            type="number"
            label="Guests"
            min={1}
            max={50}
            value={draft.guests}
            onChange={(e) => setDraft({ ...draft, guests: e.target.value })}
          />
          <TextField
            type="search"
            label="Place"
            placeholder="A city, region or country"
            maxLength={100}
            value={draft.place}
            onChange={(e) => setDraft({ ...draft, place: e.target.value })}
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      {homes.error ? (
        <Alert>{errorMessage(homes.error, "The homes could not be loaded. Please try again.")}</Alert>
      ) : homes.data && homes.data.length === 0 ? (
        <p role="status" className="text-ink-soft">
          {Object.keys(listInput(s)).length
            ? "No home is open for this search. Try other dates or another place."
            : "No homes are offered yet."}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Homes">
          {homes.data?.map((h, i) => (
            <HomeCard
              key={h.id}
              home={h}
              first={i === 0}
              dates={{ arrive: s.arrive, depart: s.depart, guests: s.guests }}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}
