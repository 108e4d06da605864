import { mediaDetailsForm, tagSchema } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { NARROW, useMediaQuery } from "../../lib/media-query";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { serverError, useZodForm } from "../../ui/form";
import { CommentsSection } from "../comments/CommentsSection";
import { EventSelect } from "../events/EventSelect";
import { MemberLink } from "../members/MemberLink";
import { SharePhoto } from "../messages/SharePhoto";
import { labelOf } from "./label";
import { MediaLikeButton } from "./MediaLikeButton";
import { ModalVideo } from "./ModalVideo";
import { MODAL_SIZES, placeholderStyle, srcSetOf } from "./responsive";
import type { MediaItem } from "./types";

/**
 * A media item's details: the media, who uploaded it and when, the description (double-click
 * to edit), tags, the associated event and the comments. `variant` gives the gallery's buttons
 * or the event Images tab's.
 */
export function MediaDetailModal({
  item,
  me,
  variant,
  onClose,
  onLightbox,
}: {
  item: MediaItem;
  me: { user_id: string; admin: boolean } | undefined;
  variant: "gallery" | "event";
  onClose: () => void;
  onLightbox: () => void;
}) {
  const queryClient = useQueryClient();
  // The form starts from the item and is then the member's own: a refetch in the background
  // (after saving the description, say) must not wipe a tag she has added but not saved yet.
  // Another item gets a fresh form (the parents key the modal by the item's id).
  const form = useZodForm(mediaDetailsForm, {
    keep: `media-${item.id}`,
    defaultValues: {
      title: item.name ?? "",
      description: item.description ?? "",
      tags: item.tags,
      newTag: "",
      eventId: item.associated_event_id ?? "",
    },
  });
  const { errors } = form.formState;
  const [description, tags, eventId] = form.watch(["description", "tags", "eventId"]);
  const [editingDescription, setEditingDescription] = useState(false);
  const [sharing, setSharing] = useState(false);
  const canEdit = item.can_manage;
  // Its page's live stream tells of others' likes too: the item is read again, its count with it.
  const refetchItem = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.images.pathKey() });
  };
  // In one column (a phone) the comments come right after the photo, before the form to edit it.
  const narrow = useMediaQuery(NARROW);
  const save = useMutation(
    trpc.media.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.images.pathKey() });
      },
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "The changes could not be saved.") }),
    }),
  );
  /** Checks the form, saves it, and says whether it was saved (a refusal shows on the form). */
  async function saveChanges(): Promise<boolean> {
    let saved = false;
    await form.handleSubmit(async ({ title, description, tags, eventId }) => {
      const change = { id: item.id, name: title, description, tags, associatedEventId: eventId || null };
      saved = await save.mutateAsync(change).then(
        () => true,
        () => false,
      );
    })();
    return saved;
  }
  async function saveAndClose() {
    if (!canEdit || (await saveChanges())) onClose();
  }
  function addTag() {
    const parsed = tagSchema.safeParse(form.getValues("newTag"));
    if (!parsed.success) {
      form.setError("newTag", { message: parsed.error.issues[0]?.message });
      return;
    }
    if (!tags.includes(parsed.data)) form.setValue("tags", [...tags, parsed.data], { shouldValidate: true });
    form.setValue("newTag", "");
    form.clearErrors("newTag");
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={item.name || "Media Details"} size="xl" focusDialog>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-3">
          {item.media_type === "video" ? (
            <ModalVideo item={item} />
          ) : (
            <img
              src={item.url}
              srcSet={srcSetOf(item)}
              sizes={MODAL_SIZES}
              alt={item.description || labelOf(item)}
              {...(item.width && item.height ? { width: item.width, height: item.height } : {})}
              style={placeholderStyle(item.placeholder)}
              className="h-auto max-h-[60vh] w-full rounded-lg bg-center object-contain bg-paper-deep"
            />
          )}
          {item.uploader_only ? (
            <p className="rounded-lg bg-paper-deep px-3 py-2 text-sm text-ink">
              Only its uploader and admins see this item: the invite-only event it belonged to was deleted.
              {canEdit ? " Choose an event below to share it with that event's members." : ""}
            </p>
          ) : null}
          <p className="text-sm text-ink-soft">
            Uploaded by <MemberLink id={item.uploaded_by}>{item.author_name ?? "Unknown"}</MemberLink> on{" "}
            {item.upload_date ? formatMoment(item.upload_date, "MMMM d, yyyy") : "unknown date"}
          </p>
          <MediaLikeButton item={item} />
        </div>
        {narrow ? <CommentsSection commentableId={item.id} me={me} onLive={refetchItem} /> : null}
        <div className="flex flex-col gap-4">
          {canEdit ? (
            <div>
              <label htmlFor={`title-${item.id}`} className="text-sm font-medium text-ink">
                Title
              </label>
              <input
                id={`title-${item.id}`}
                {...form.register("title")}
                placeholder={labelOf({ ...item, name: null })}
                maxLength={200}
                aria-invalid={errors.title ? true : undefined}
                className="mt-1 w-full rounded-lg border border-line bg-card px-3 py-1.5"
              />
              {errors.title ? (
                <p role="alert" className="mt-1 text-sm text-danger">
                  {errors.title.message}
                </p>
              ) : null}
            </div>
          ) : null}
          <div>
            <h3 className="text-sm font-medium text-ink">Description</h3>
            {editingDescription && canEdit ? (
              <div className="mt-1 flex flex-col gap-2">
                <label htmlFor={`desc-${item.id}`} className="sr-only">
                  Description
                </label>
                <textarea
                  id={`desc-${item.id}`}
                  {...form.register("description")}
                  maxLength={5000}
                  aria-invalid={errors.description ? true : undefined}
                  className="min-h-24 w-full rounded-lg border border-line bg-card px-3 py-2"
                />
                {errors.description ? (
                  <p role="alert" className="text-sm text-danger">
                    {errors.description.message}
                  </p>
                ) : null}
                <Button
                  className="self-start"
                  onClick={async () => {
                    if (await saveChanges()) setEditingDescription(false);
                  }}
                >
                  Save Description
                </Button>
              </div>
            ) : (
              <p
                className="mt-1 min-h-10 cursor-text rounded-lg px-1 text-ink-soft hover:bg-paper-deep"
                onDoubleClick={() => canEdit && setEditingDescription(true)}
                title={canEdit ? "Double-click to edit" : undefined}
              >
                {description ||
                  (canEdit ? "No description provided. Double-click to edit." : "No description provided.")}
              </p>
            )}
          </div>
          <div>
            <h3 className="text-sm font-medium text-ink">Tags</h3>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {tags.map((t) => (
                <li
                  key={t}
                  className="flex items-center gap-1 rounded-full bg-plum-soft px-2.5 py-0.5 text-sm text-plum"
                >
                  {t}
                  {canEdit ? (
                    <button
                      type="button"
                      aria-label={`Remove tag ${t}`}
                      onClick={() =>
                        form.setValue(
                          "tags",
                          tags.filter((x) => x !== t),
                          { shouldValidate: true },
                        )
                      }
                    >
                      ×
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            {canEdit ? (
              <div className="mt-2 flex gap-2">
                <label htmlFor={`tag-${item.id}`} className="sr-only">
                  New tag
                </label>
                <input
                  id={`tag-${item.id}`}
                  {...form.register("newTag")}
                  placeholder="Add a tag"
                  aria-invalid={errors.newTag ? true : undefined}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      addTag();
                    }
                  }}
                  maxLength={40}
                  className="flex-1 rounded-lg border border-line bg-card px-3 py-1.5 text-sm"
                />
                <Button variant="secondary" onClick={addTag}>
                  Add
                </Button>
              </div>
            ) : null}
            {(errors.newTag ?? errors.tags) ? (
              <p role="alert" className="mt-1 text-sm text-danger">
                {(errors.newTag ?? errors.tags)?.message}
              </p>
            ) : null}
          </div>
          <EventSelect
            label="Associated event"
            emptyLabel="(None)"
            value={eventId}
            disabled={!canEdit}
            onChange={(id) => form.setValue("eventId", id)}
          />
          {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3 border-t border-line pt-5">
        {/* Saved under its title: a photo's display copy (the club keeps no other), a video as it was uploaded. */}
        <a href={`${item.original_url}?download=1`} download className={buttonClass("secondary", "order-last")}>
          {item.media_type === "video" ? "Download original" : "Download"}
        </a>
        {item.media_type === "image" ? (
          <Button variant="secondary" className="order-last" onClick={() => setSharing(true)}>
            Share in a message
          </Button>
        ) : null}
        {variant === "gallery" ? (
          <>
            <Button onClick={saveAndClose} disabled={save.isPending}>
              Save &amp; Close
            </Button>
            <Button variant="secondary" onClick={onLightbox}>
              Fullscreen
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => canEdit && saveChanges()} disabled={!canEdit || save.isPending}>
              Save Changes
            </Button>
            <Button variant="secondary" onClick={onLightbox}>
              Gallery Mode
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
          </>
        )}
      </div>
      {narrow ? null : (
        <div className="mt-6">
          <CommentsSection commentableId={item.id} me={me} onLive={refetchItem} />
        </div>
      )}
      <SharePhoto photo={item} me={me?.user_id} open={sharing} onOpenChange={setSharing} />
    </Dialog>
  );
}
