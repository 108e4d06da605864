import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import { EventLine } from "./EventLine";
import { EventWizard, formFromEvent } from "./EventWizard";

export type Draft = RouterOutputs["events"]["drafts"][number];

/** After a draft changed: the Schedule, and the event's page and lists (a published one joins them). */
function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
}

/** "Create Event" on the Schedule: the events' wizard, saving a draft that waits here. */
export function NewDraft({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const refresh = useRefreshEvents();
  const create = useMutation(
    trpc.events.create.mutationOptions({
      onSuccess: async (e) => {
        onOpenChange(false);
        toast.success(`"${e.title}" was saved as a draft.`);
        await refresh();
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New draft" size="lg">
      <EventWizard
        mode="create"
        submitLabel="Save Draft"
        repeatable={false}
        saving={create.isPending}
        error={create.isError ? errorMessage(create.error, "The draft could not be saved.") : undefined}
        onCancel={() => onOpenChange(false)}
        onSave={(f) => create.mutate({ ...f, draft: true })}
      />
    </Dialog>
  );
}

/**
 * Publishing asks first, as it shows the event to members; then she may announce it from its page.
 * Used on the Schedule and on the draft's own page.
 */
export function PublishDraft({
  draft,
  open,
  onOpenChange,
  onPublished,
}: {
  draft: { id: string; title: string; exclusivity: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPublished?: () => void;
}) {
  const refresh = useRefreshEvents();
  const publish = useMutation(
    trpc.events.publish.mutationOptions({
      onSuccess: async (e) => {
        onOpenChange(false);
        toast.success(`"${e.title}" is published.`);
        onPublished?.();
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The draft could not be published.")),
    }),
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      tone="primary"
      title={`Publish "${draft.title}"?`}
      description={
        draft.exclusivity === "open"
          ? "Every member will find it in Events and in their calendars. You can then send its announcement from its page."
          : "It is invite-only: members you invite will see it. You can invite them from its page once it is published."
      }
      confirmLabel="Publish"
      busy={publish.isPending}
      onConfirm={() => publish.mutate({ id: draft.id })}
    />
  );
}

/** One draft: what and when, and its actions (edit, publish, delete; deleting asks first). */
function DraftRow({ draft, mine }: { draft: Draft; mine: boolean }) {
  const refresh = useRefreshEvents();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"edit" | "publish" | "delete" | null>(null);
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  const update = useMutation(
    trpc.events.update.mutationOptions({
      onSuccess: async () => {
        setDialog(null);
        toast.success("The draft was saved.");
        await refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.events.delete.mutationOptions({
      onSuccess: async () => {
        setDialog(null);
        toast.success(`The draft "${draft.title}" was deleted.`);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The draft could not be deleted.")),
    }),
  );
  const edited = `Last edited ${formatMoment(new Date(draft.updated_at), "MMM d, h:mm a")}${mine ? "" : ` · by ${draft.creator_name ?? "a former member"}`}`;
  return (
    <li
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line border-l-8 bg-card p-4 shadow-[var(--shadow-card)] sm:flex-row sm:items-center sm:justify-between"
      style={{ borderLeftColor: draft.color }}
    >
      <div>
        <EventLine
          event={{
            slug: draft.slug,
            title: draft.title,
            eventDate: draft.event_date,
            startTime: draft.start_time,
            isPhysical: draft.is_physical,
            city: draft.city,
          }}
        />
        <span className="block text-xs text-ink-soft">{edited}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setDialog("publish")}>Publish</Button>
        <Button variant="secondary" onClick={() => setDialog("edit")}>
          Edit
        </Button>
        <Button variant="ghost" onClick={() => setDialog("delete")}>
          Delete
        </Button>
      </div>
      <Dialog open={dialog === "edit"} onOpenChange={close} title="Edit draft" size="lg">
        <EventWizard
          mode="edit"
          submitLabel="Save Draft"
          eventId={draft.id}
          initial={formFromEvent(draft)}
          saving={update.isPending}
          error={update.isError ? errorMessage(update.error, "The draft could not be saved.") : undefined}
          onCancel={() => setDialog(null)}
          onSave={(f) => update.mutate({ id: draft.id, ...f })}
        />
      </Dialog>
      <PublishDraft
        draft={draft}
        open={dialog === "publish"}
        onOpenChange={close}
        onPublished={() => void navigate({ to: "/events/$id", params: { id: draft.slug } })}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title={`Delete the draft "${draft.title}"?`}
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: draft.id })}
      />
    </li>
  );
}

/** The Schedule's list: her drafts (an admin's: every member's, each saying whose). */
export function DraftList({ drafts, userId }: { drafts: Draft[]; userId: string }) {
  if (drafts.length === 0)
    return (
      <p className="rounded-[var(--radius-card)] border border-line border-dashed bg-card p-6 text-ink-soft">
        No drafts yet. "Create Event" starts one: it waits here, seen by you alone, until you publish it.
      </p>
    );
  return (
    <ul aria-label="Drafts" className="flex flex-col gap-3">
      {drafts.map((d) => (
        <DraftRow key={d.id} draft={d} mine={d.created_by === userId} />
      ))}
    </ul>
  );
}
