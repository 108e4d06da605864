import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { MemberHome } from "../../features/home/MemberHome";
import { trpc } from "../../lib/trpc";
import { ButtonLink } from "../../ui/Button";
import { Page } from "../../ui/Page";

/**
 * Her home ("My club"): her events, invitations, deadlines, what is new from her events, comments
 * for her and the club's news, from one request made before the page shows (on the server for the
 * first visit).
 */
export const Route = createFileRoute("/_member/member-home")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.home.get.queryOptions());
  },
  component: function MemberHomePage() {
    const { user } = Route.useRouteContext();
    // The loader made sure it is here; read from the cache so an answer given on the page shows.
    const { data: home } = useSuspenseQuery(trpc.home.get.queryOptions());
    // Shown: what arrived until now is not new on her next visit (this visit keeps its marks).
    const seen = useMutation(trpc.home.seen.mutationOptions());
    // Once per visit of the page.
    useEffect(() => {
      seen.mutate();
    }, []);
    return (
      <Page
        title={`Welcome, ${user.name}`}
        lead="Your corner of the club: what is coming up for you, and what is new since your last visit."
        actions={
          <>
            <ButtonLink to="/calendar">See events</ButtonLink>
            <ButtonLink to="/gallery" variant="secondary">
              Open the gallery
            </ButtonLink>
          </>
        }
      >
        <MemberHome home={home} />
      </Page>
    );
  },
});
