import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { StaysTable } from "../../features/travel/StaysTable";
import { trpc } from "../../lib/trpc";
import { Page } from "../../ui/Page";

/** Her trips: the stays she asked for, where each stands, and her calendar file. */
export const Route = createFileRoute("/_member/travel/trips")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.stays.list.queryOptions()),
  component: Trips,
});

function Trips() {
  const { data: stays } = useSuspenseQuery(trpc.stays.list.queryOptions());
  const mine = stays.filter((s) => s.role === "guest");
  return (
    <Page title="Your trips" lead="The stays you asked for, and where each stands.">
      {mine.length ? (
        <StaysTable stays={mine} caption="Your trips" view="guest" />
      ) : (
        <p role="status" className="text-ink-soft">
          No trips yet.{" "}
          <Link to="/travel" className="text-plum underline">
            Find a home
          </Link>
          .
        </p>
      )}
    </Page>
  );
}
