import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { CommentsSection } from "../../features/comments/CommentsSection";
import { AnnouncementModal } from "../../features/events/AnnouncementModal";
import { EventDetails } from "../../features/events/EventDetails";
import { EventImages } from "../../features/events/EventImages";
import { EventWizard, formFromEvent, payloadOf } from "../../features/events/EventWizard";
import { Participation } from "../../features/events/Participation";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";
import { Tabs } from "../../ui/Tabs";

type Tab = "details" | "participation" | "images" | "notes";

export const Route = createFileRoute("/_member/events/$id")({
  component: function EventPage() {
    const { id } = Route.useParams();
    const navigate = useNavigate();
    const queryClient = useQueryClient();
    const event = useQuery(trpc.events.get.queryOptions({ id }));
    const me = useQuery(trpc.auth.me.queryOptions());
    const [tab, setTab] = useState<Tab>("details");
    const [editing, setEditing] = useState(false);
    const [deleting, setDeleting] = useState(false);
    const [announcing, setAnnouncing] = useState(false);
    const notFound = event.isError && errorCode(event.error) === "NOT_FOUND";
    useEffect(() => {
      // 'Event not found', then back to the list (SPEC.md section 2).
      if (!notFound) return;
      const t = setTimeout(() => navigate({ to: "/calendar" }), 2000);
      return () => clearTimeout(t);
    }, [notFound, navigate]);
    const update = useMutation(
      trpc.events.update.mutationOptions({
        onSuccess: async () => {
          setEditing(false);
          await queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
        },
      }),
    );
    const remove = useMutation(
      trpc.events.delete.mutationOptions({
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
          await navigate({ to: "/calendar" });
        },
      }),
    );

    if (event.isPending) return <Page title="Loading…" />;
    if (notFound) return <Page title="Event not found" lead="Taking you back to the events list…" />;
    if (event.isError || !event.data) return <Page title="Failed to load event" />;
    const e = event.data;
    const meInfo = me.data ? { user_id: me.data.user_id, admin: me.data.admin } : undefined;
    const actions = e.can_manage ? (
      <>
        <Button onClick={() => setEditing(true)}>Edit Details</Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete Event
        </Button>
        <Button variant="secondary" onClick={() => setAnnouncing(true)}>
          Draft Announcement Email
        </Button>
      </>
    ) : null;

    return (
      <>
        <div
          className="relative h-48 overflow-hidden sm:h-64"
          style={{ background: `linear-gradient(135deg, ${e.color}, #33203c)` }}
        >
          {e.bannerImage ? <img src={e.bannerImage} alt="" className="h-full w-full object-cover" /> : null}
        </div>
        <Page title={e.title}>
          <Tabs
            label="Event"
            value={tab}
            onValueChange={setTab}
            tabs={[
              { value: "details", label: "Details", content: <EventDetails event={e} actions={actions} /> },
              {
                value: "participation",
                label: "Participation",
                content: me.data ? <Participation event={e} me={me.data} /> : null,
              },
              { value: "images", label: "Images", content: <EventImages eventId={e.id} me={meInfo} /> },
              {
                value: "notes",
                label: "Notes and Comments",
                content: <CommentsSection commentableId={e.id} me={meInfo} />,
              },
            ]}
          />
        </Page>
        <Dialog open={editing} onOpenChange={setEditing} title="Edit Event" size="lg">
          <EventWizard
            mode="edit"
            initial={formFromEvent(e)}
            saving={update.isPending}
            error={update.isError ? errorMessage(update.error, "The event could not be saved.") : undefined}
            onCancel={() => setEditing(false)}
            onSave={(f) => update.mutate({ id: e.id, ...payloadOf(f) })}
          />
        </Dialog>
        <Dialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Are you sure you want to delete "${e.title}"?`}
          description="This action cannot be undone."
        >
          {remove.isError ? (
            <Alert className="mb-4">{errorMessage(remove.error, "The event could not be deleted.")}</Alert>
          ) : null}
          <div className="flex gap-3">
            <Button variant="danger" onClick={() => remove.mutate({ id: e.id })} disabled={remove.isPending}>
              Yes, Delete
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
          </div>
        </Dialog>
        {announcing ? <AnnouncementModal event={e} open={announcing} onOpenChange={setAnnouncing} /> : null}
      </>
    );
  },
});
