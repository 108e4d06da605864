import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { HomeManager } from "../../features/travel/HomeManager";
import { HomePhotoGrid } from "../../features/travel/HomePhotos";
import { plural } from "../../features/travel/money";
import { NightsCalendar } from "../../features/travel/NightsCalendar";
import { StayRequestForm } from "../../features/travel/StayRequestForm";
import { travelSearch } from "../../features/travel/search";
import { trpc } from "../../lib/trpc";

/** "July 2031", from a plain day. */
const formatMonthYear = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

import { Alert } from "../../ui/Alert";
import { Card, Page } from "../../ui/Page";

/** A home: its words, its month of nights, her price and her request. */
export const Route = createFileRoute("/_member/travel/$homeId")({
  validateSearch: travelSearch,
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.homes.get.queryOptions({ id: params.homeId })),
      context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
    ]);
  },
  component: HomePage,
});

function HomePage() {
  const { homeId } = Route.useParams();
  const s = Route.useSearch();
  const { data: home } = useSuspenseQuery(trpc.homes.get.queryOptions({ id: homeId }));
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  // An admin managing a host's home does it here; its host does it on her Travel page.
  const managesForHost = home.manages && home.host_id !== me.user_id;
  const start = (s.arrive ?? home.windows[0]?.from ?? new Date().toISOString()).slice(0, 7);
  return (
    <Page
      title={home.title}
      lead={`${home.kind} in ${[home.region, home.city, home.country].filter(Boolean).join(", ")} · sleeps ${home.sleeps} · ${plural(home.bedrooms, "bedroom")} · hosted by ${home.host_name}`}
      actions={
        home.manages ? (
          <Link to="/travel/hosting" className="text-plum hover:underline">
            Manage your homes
          </Link>
        ) : null
      }
    >
      <HomePhotoGrid home={home} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-8">
          {home.address ? (
            <Alert tone="info">
              <strong>Address:</strong> {home.address}
            </Alert>
          ) : null}
          {home.description ? <p className="whitespace-pre-line text-ink">{home.description}</p> : null}
          {home.amenities.length ? (
            <section aria-labelledby="amenities">
              <h2 id="amenities" className="mb-2 text-xl text-ink">
                Amenities
              </h2>
              <ul className="flex flex-wrap gap-2">
                {home.amenities.map((a) => (
                  <li key={a} className="rounded-full bg-plum-soft px-3 py-1 text-sm text-plum">
                    {a}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {home.house_rules ? (
            <section aria-labelledby="rules">
              <h2 id="rules" className="mb-2 text-xl text-ink">
                House rules
              </h2>
              <p className="whitespace-pre-line text-ink-soft">{home.house_rules}</p>
            </section>
          ) : null}
          {home.reviews.length ? (
            <section aria-labelledby="reviews">
              <h2 id="reviews" className="mb-3 text-xl text-ink">
                Notes from guests
              </h2>
              <ul className="flex flex-col gap-4">
                {home.reviews.map((r) => (
                  <li key={r.id} className="border-line border-l-2 pl-4">
                    <blockquote className="whitespace-pre-line text-ink">“{r.text}”</blockquote>
                    <p className="mt-1 text-sm text-ink-soft">
                      {r.guest_name}, stayed {formatMonthYear(r.arrive)}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Card>
            <NightsCalendar homeId={home.id} start={start} />
          </Card>
        </div>
        <Card className="self-start">
          <h2 className="mb-4 text-2xl text-plum">{home.manages && !home.your_rate ? "Your stay" : "Ask to stay"}</h2>
          <StayRequestForm home={home} dates={s} />
        </Card>
      </div>
      {managesForHost ? (
        <div className="mt-10">
          <HomeManager home={home} memberId={me.user_id} onItsPage />
        </div>
      ) : null}
    </Page>
  );
}
