import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { UploadPicker, UploadQueuePanel } from "../media/UploadQueue";
import { useUploadQueue } from "../media/upload-queue";

export interface Cover {
  id: string | null;
  /** Its card copy, to show it here. */
  url: string;
}

/** Photos only: a cover is a photo (HEIC from a phone is converted by the server). */
const PHOTOS = "image/*,.heic,.heif";

/**
 * The wizard's Cover: a photo picked from those that may be the cover (the gallery's every member
 * sees, and the event's own when editing), or uploaded here. An upload goes into the gallery (into
 * the event's images when editing), as any other, and becomes the cover once stored.
 */
export function CoverField({
  value,
  onChange,
  eventId,
  onBusyChange,
}: {
  value: Cover;
  onChange: (cover: Cover) => void;
  /** A photo is on its way: the form waits for it before saving. */
  onBusyChange: (busy: boolean) => void;
  /** The event being edited: its own photos are offered too, and an upload goes to its images. */
  eventId?: string | undefined;
}) {
  const [choosing, setChoosing] = useState(false);
  const me = useQuery(trpc.auth.me.queryOptions());
  const choices = useQuery({
    ...trpc.events.coverChoices.queryOptions(eventId ? { eventId } : undefined),
    enabled: choosing,
  });
  const queryClient = useQueryClient();
  const queue = useUploadQueue({
    memberId: me.data?.user_id ?? "",
    ...(eventId ? { eventId } : {}),
    onUploaded: async (mediaId) => {
      if (!mediaId) return;
      try {
        const item = await queryClient.fetchQuery(trpc.media.get.queryOptions({ id: mediaId }));
        onChange({ id: item.id, url: item.thumbnail_url ?? item.url });
        setChoosing(false);
        await queryClient.invalidateQueries({ queryKey: trpc.events.coverChoices.pathKey() });
      } catch {
        // Not read back (the connection dropped): it is in the gallery, to choose from the list.
        toast.error("Your photo is saved in the gallery; choose it from the gallery's photos.");
      }
    },
  });

  const busy = queue.files.some((f) => f.status === "waiting" || f.status === "sending" || f.status === "storing");
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">Cover</legend>
      {value.id && value.url ? (
        <img
          src={value.url}
          alt="The event's cover"
          className="mb-3 aspect-[16/9] w-full max-w-sm rounded-lg object-cover"
        />
      ) : (
        <p className="mb-3 text-sm text-ink-soft">
          No cover yet: cards and the event's page show its colour. A photo makes it easier to recognise.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={choosing} onClick={() => setChoosing((c) => !c)}>
          {choosing ? "Close the gallery" : "Choose from the gallery"}
        </Button>
        {me.data ? <UploadPicker queue={queue} label="Upload a photo" accept={PHOTOS} /> : null}
        {value.id ? (
          <Button variant="ghost" onClick={() => onChange({ id: null, url: "" })}>
            Remove cover
          </Button>
        ) : null}
      </div>
      <div className="mt-3">
        <UploadQueuePanel queue={queue} naming={false} />
      </div>
      {choosing ? (
        <div className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-line p-3">
          {choices.isPending ? <p className="text-sm text-ink-soft">Loading photos…</p> : null}
          {choices.isError ? (
            <p className="text-sm text-danger">The photos could not be loaded. Please try again.</p>
          ) : null}
          {choices.data?.length === 0 ? (
            <p className="text-sm text-ink-soft">There are no photos every member can see yet: upload one.</p>
          ) : null}
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {choices.data?.map((photo) => (
              <li key={photo.id}>
                <button
                  type="button"
                  aria-pressed={photo.id === value.id}
                  className="group block w-full overflow-hidden rounded-lg border border-line bg-paper text-left focus-visible:ring-2 focus-visible:ring-gold aria-pressed:ring-2 aria-pressed:ring-plum"
                  onClick={() => {
                    onChange({ id: photo.id, url: photo.url });
                    setChoosing(false);
                  }}
                >
                  {photo.thumbnail_url ? (
                    <img
                      src={photo.thumbnail_url}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full object-cover group-hover:opacity-90"
                    />
                  ) : null}
                  <span className="block truncate px-2 py-1 text-xs text-ink">{photo.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
