import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { DraftList, NewDraft } from "../../features/events/Schedule";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Page } from "../../ui/Page";

/**
 * The Schedule: her drafts, kept on the server and seen by her alone (and admins) until she
 * publishes them. The spec left it a stub with drafts living only on the page;
 * docs/decisions/the-schedule-activities-member-keeps-drafts.md.
 */
export const Route = createFileRoute("/_member/activities-member")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.events.drafts.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
    ]);
  },
  component: function Schedule() {
    const { user } = Route.useRouteContext();
    const { data: drafts } = useSuspenseQuery(trpc.events.drafts.queryOptions());
    const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
    const [creating, setCreating] = useState(false);
    const canCreate = user.admin || user.type !== "Standard";
    return (
      <Page
        title="Schedule"
        lead={
          canCreate
            ? `Events you are preparing. A draft is seen by you alone${user.admin ? "" : " (and the admins)"} until you publish it.`
            : "Founding and Travel Host members prepare their events here. Standard members join the club's events from Events."
        }
        actions={canCreate ? <Button onClick={() => setCreating(true)}>Create Event</Button> : null}
      >
        {canCreate || drafts.length > 0 ? <DraftList drafts={drafts} userId={me.user_id} /> : null}
        {canCreate ? <NewDraft open={creating} onOpenChange={setCreating} /> : null}
      </Page>
    );
  },
});
