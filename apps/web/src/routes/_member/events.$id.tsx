import { EVENT_NOT_FOUND, formatCardDate } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, type ErrorComponentProps, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { CommentsSection } from "../../features/comments/CommentsSection";
import { AnnouncementModal } from "../../features/events/AnnouncementModal";
import { EventDetails } from "../../features/events/EventDetails";
import { EventImages } from "../../features/events/EventImages";
import { type EventPayload, EventWizard, formFromEvent } from "../../features/events/EventWizard";
import { HostLine } from "../../features/events/HostLine";
import { JoinLeave } from "../../features/events/JoinLeave";
import { Participation } from "../../features/events/Participation";
import { seatsLabel } from "../../features/events/rsvp";
import { PublishDraft } from "../../features/events/Schedule";
import { type Scope, ScopeChoice, SeriesJoinLeave } from "../../features/events/Series";
import { useUploadQueue } from "../../features/media/upload-queue";
import { oneOf, searchParams } from "../../lib/search-params";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import { TextArea } from "../../ui/Field";
import { Page } from "../../ui/Page";
import { Tabs } from "../../ui/Tabs";

const tabs = ["details", "participation", "images", "notes"] as const;

/** 'Event not found', then back to the list (SPEC.md section 2); any other failure says so. */
function EventError({ error }: ErrorComponentProps) {
  const navigate = useNavigate();
  const notFound = errorCode(error) === "NOT_FOUND";
  useEffect(() => {
    if (!notFound) return;
    const t = setTimeout(() => navigate({ to: "/calendar" }), 2000);
    return () => clearTimeout(t);
  }, [notFound, navigate]);
  return notFound ? (
    <Page title={EVENT_NOT_FOUND} lead="Taking you back to the events list…" />
  ) : (
    <Page title="Failed to load event" lead="Please reload the page, or try again later." />
  );
}

export const Route = createFileRoute("/_member/events/$id")({
  // The open tab is in the address, so a link can point at an event's images and Back works.
  validateSearch: searchParams({ tab: oneOf(tabs) }),
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.events.get.queryOptions({ id: params.id })),
      context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
    ]);
  },
  pendingComponent: () => <Page title="Loading…" />,
  errorComponent: EventError,
  component: EventPage,
});

function EventPage() {
  const { id } = Route.useParams();
  const { tab = "details" } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const { data: e } = useSuspenseQuery(trpc.events.get.queryOptions({ id }));
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [cancelNote, setCancelNote] = useState("");
  const [announcing, setAnnouncing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  // A date of a series: which of its dates an edit or a cancellation is for (asked first), and the
  // edit waiting for that answer.
  const [scope, setScope] = useState<Scope>("this");
  const [pendingEdit, setPendingEdit] = useState<EventPayload | null>(null);
  const update = useMutation(
    trpc.events.update.mutationOptions({
      onSuccess: async (_, { scope: saved = "this" }) => {
        setPendingEdit(null);
        setEditing(false);
        toast.success(
          saved === "all"
            ? "Every date of the series was saved."
            : saved === "following"
              ? "This date and the following ones were saved."
              : "The event was saved.",
        );
        await queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
      },
      // The wizard under it shows what went wrong.
      onError: () => setPendingEdit(null),
    }),
  );
  const remove = useMutation(
    trpc.events.delete.mutationOptions({
      onSuccess: async (_, { scope: removed = "this" }) => {
        toast.success(
          e.draft
            ? `The draft "${e.title}" was deleted.`
            : removed === "all"
              ? `Every date of ${e.title} was deleted.`
              : removed === "following"
                ? `${e.title} was deleted from ${formatCardDate(e.event_date)} on.`
                : `${e.title} was deleted.`,
        );
        await navigate(e.draft ? { to: "/activities-member" } : { to: "/calendar" });
        await queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "The event could not be deleted.")),
    }),
  );
  const meInfo = { user_id: me.user_id, admin: me.admin };
  // Uploads to the event go on while another tab is shown (the tabs' contents unmount).
  const uploads = useUploadQueue({
    memberId: me.user_id,
    eventId: e.id,
    onUploaded: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.images.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
    },
  });
  const going = e.participants.length;
  const series = e.draft ? undefined : e.series;
  const startDeleting = () => {
    setScope("this");
    setDeleting(true);
  };
  // Those told when the event is cancelled: everyone going or waiting but the one deleting it.
  const concerned =
    going +
    (e.rsvp?.waitlist_count ?? 0) -
    (e.rsvp?.me || e.participants.some((p) => p.user_id === me.user_id) ? 1 : 0);
  // Joining or leaving: among the Details tab's buttons at a desk, on a phone under the title (the
  // Details tab's buttons sit a screen and more below it).
  const joinLeave = (
    <>
      <JoinLeave event={e} me={me} />
      {series ? <SeriesJoinLeave event={e} series={series} /> : null}
    </>
  );
  const joinNearTop =
    e.draft || e.ended ? null : <div className="mb-6 flex flex-wrap items-center gap-3 sm:hidden">{joinLeave}</div>;
  const actions = e.draft ? (
    <>
      <Button onClick={() => setPublishing(true)}>Publish</Button>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit Details
      </Button>
      <div className="mt-2 w-full border-line border-t pt-4 sm:mt-0 sm:ml-auto sm:w-auto sm:border-t-0 sm:pt-0">
        <Button variant="danger" onClick={startDeleting}>
          Delete Draft
        </Button>
      </div>
    </>
  ) : (
    <>
      {/* On a phone these are at the top of the page instead (joinNearTop). */}
      <div className="hidden sm:contents">{joinLeave}</div>
      {e.can_manage ? (
        <>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit Details
          </Button>
          {/* An announcement is for an event still to come (the server refuses one after it ends). */}
          {e.ended ? null : (
            <Button variant="secondary" onClick={() => setAnnouncing(true)}>
              Draft Announcement Email
            </Button>
          )}
          {/* Kept apart from the everyday buttons: on a phone on a line of its own below a rule,
              on a wide screen at the far end. Still confirmed. */}
          <div className="mt-2 w-full border-line border-t pt-4 sm:mt-0 sm:ml-auto sm:w-auto sm:border-t-0 sm:pt-0">
            <Button variant="danger" onClick={startDeleting}>
              Delete Event
            </Button>
          </div>
        </>
      ) : null}
    </>
  );

  return (
    <>
      <div
        className="relative h-48 overflow-hidden sm:h-64"
        style={{ background: `linear-gradient(135deg, ${e.color}, #33203c)` }}
      >
        {e.bannerImage ? <img src={e.bannerImage} alt="" className="h-full w-full object-cover" /> : null}
      </div>
      <Page
        title={e.title}
        lead={
          e.draft
            ? "A draft: only its creator and the admins can see it. Members find it in Events once it is published."
            : e.ended
              ? `This event has ended.${going > 0 ? ` ${going} went.` : ""}`
              : going === 0 && !e.rsvp
                ? "Nobody has joined yet."
                : seatsLabel(going, e.rsvp)
        }
      >
        {e.draft ? (
          // Nobody joins, comments on or uploads to a draft: its details are all there is yet.
          <EventDetails event={e} actions={actions} />
        ) : (
          <>
            <HostLine host={e.host} me={me} />
            {joinNearTop}
            <Tabs
              label="Event"
              value={tab}
              onValueChange={(next) => navigate({ search: { tab: next === "details" ? undefined : next } })}
              tabs={[
                { value: "details", label: "Details", content: <EventDetails event={e} actions={actions} /> },
                { value: "participation", label: "Participation", content: <Participation event={e} me={me} /> },
                {
                  value: "images",
                  label: "Images",
                  content: <EventImages eventId={e.id} me={meInfo} queue={uploads} />,
                },
                {
                  value: "notes",
                  label: "Notes and Comments",
                  content: <CommentsSection commentableId={e.id} me={meInfo} />,
                },
              ]}
            />
          </>
        )}
      </Page>
      <Dialog
        open={editing}
        onOpenChange={(open) => {
          setEditing(open);
          if (!open) setPendingEdit(null);
        }}
        title={pendingEdit ? "Save changes to a repeating event" : "Edit Event"}
        description={
          pendingEdit ? `${e.title} is one date of a series. Which dates should the changes apply to?` : undefined
        }
        size="lg"
      >
        {/* A date of a series asks which dates once she saves: the question takes the wizard's
            place, which stays (hidden) with what she typed for Back. */}
        <div hidden={pendingEdit !== null}>
          <EventWizard
            mode="edit"
            eventId={e.id}
            initial={formFromEvent(e)}
            saving={update.isPending}
            error={update.isError ? errorMessage(update.error, "The event could not be saved.") : undefined}
            onCancel={() => setEditing(false)}
            onSave={(f) => {
              if (!series) return update.mutate({ id: e.id, ...f });
              setScope("this");
              setPendingEdit(f);
            }}
          />
        </div>
        {series && pendingEdit ? (
          <>
            <ScopeChoice
              series={series}
              currentId={e.id}
              value={scope}
              onChange={setScope}
              legend="Which dates?"
              focusFirst
            />
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => update.mutate({ id: e.id, ...pendingEdit, scope })} disabled={update.isPending}>
                Save Changes
              </Button>
              <Button variant="secondary" onClick={() => setPendingEdit(null)}>
                Back
              </Button>
            </div>
          </>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Are you sure you want to delete "${e.title}"?`}
        description={
          series && scope !== "this"
            ? "This action cannot be undone. Members going or waiting on those dates will be e-mailed that they are cancelled."
            : concerned > 0
              ? `This action cannot be undone. ${concerned === 1 ? "The member" : `The ${concerned} members`} going or waiting will be e-mailed that it is cancelled.`
              : undefined
        }
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate({
            id: e.id,
            ...(cancelNote.trim() ? { message: cancelNote } : {}),
            ...(series ? { scope } : {}),
          })
        }
      >
        {series ? (
          <ScopeChoice series={series} currentId={e.id} value={scope} onChange={setScope} legend="Which dates?" />
        ) : null}
        {concerned > 0 || (series && scope !== "this") ? (
          <TextArea
            label="Message to them (optional)"
            placeholder="Why it is cancelled, or what happens instead."
            maxLength={2000}
            value={cancelNote}
            onChange={(ev) => setCancelNote(ev.target.value)}
            className="mb-5"
          />
        ) : null}
      </ConfirmDialog>
      {e.draft ? <PublishDraft draft={e} open={publishing} onOpenChange={setPublishing} /> : null}
      {announcing ? <AnnouncementModal event={e} open={announcing} onOpenChange={setAnnouncing} /> : null}
    </>
  );
}
