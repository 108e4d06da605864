import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { HomeForm } from "../../features/travel/HomeForm";
import { HomeManager } from "../../features/travel/HomeManager";
import { StaysTable } from "../../features/travel/StaysTable";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card, Page } from "../../ui/Page";

/** The host's Travel page: her homes, their open dates against the club's minimum, and her requests. */
export const Route = createFileRoute("/_member/travel/hosting")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.homes.mine.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.stays.list.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
    ]),
  component: Hosting,
});

function Hosting() {
  const { user } = Route.useRouteContext();
  const { data: mine } = useSuspenseQuery(trpc.homes.mine.queryOptions());
  const { data: stays } = useSuspenseQuery(trpc.stays.list.queryOptions());
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const [listing, setListing] = useState(false);
  const bookings = stays.filter((s) => s.role === "host");
  const mayList = user.admin || user.type === "Travel Host";
  const short = mine.minimumNights - mine.nightsOffered;
  return (
    <Page
      title="Your homes"
      lead="List your home, open the dates members may stay, and answer their requests."
      actions={mayList && !listing ? <Button onClick={() => setListing(true)}>List a home</Button> : null}
    >
      {!mayList ? (
        <Alert tone="info">Only Travel Hosts list homes. Ask an administrator if you would like to host.</Alert>
      ) : mine.homes.length ? (
        <Alert tone={short > 0 ? "info" : "success"} className="mb-8">
          You offer {mine.nightsOffered} night{mine.nightsOffered === 1 ? "" : "s"} in {mine.year}
          {short > 0
            ? `: the club asks its Travel Hosts for at least ${mine.minimumNights} a year, so ${short} more would meet it.`
            : `, at least the club's ${mine.minimumNights}. Thank you.`}
        </Alert>
      ) : null}
      {listing ? (
        <Card className="mb-8">
          <h2 className="mb-4 text-2xl text-plum">List a home</h2>
          {mine.fromApplication ? (
            <p className="mb-4 text-sm text-ink-soft">
              Filled in from the property you described when you applied
              {mine.fromApplication.availability ? ` (${mine.fromApplication.availability})` : ""}: check it and add the
              rest.
            </p>
          ) : null}
          <HomeForm start={mine.fromApplication} onDone={() => setListing(false)} />
        </Card>
      ) : null}
      <div className="flex flex-col gap-8">
        {mine.homes.map((home) => (
          <HomeManager key={home.id} home={home} memberId={me.user_id} />
        ))}
      </div>
      <section aria-labelledby="bookings" className="mt-10">
        <h2 id="bookings" className="mb-4 text-3xl text-ink">
          Requests and stays
        </h2>
        {bookings.length ? (
          <StaysTable stays={bookings} caption="Requests and stays at your homes" view="host" />
        ) : (
          <p role="status" className="text-ink-soft">
            No requests yet.
          </p>
        )}
      </section>
    </Page>
  );
}
