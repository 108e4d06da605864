import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { MediaLightbox } from "../media/MediaLightbox";
import { placeholderStyle, srcSetOf } from "../media/responsive";
import { UploadPicker, UploadQueuePanel, useFileDrop } from "../media/UploadQueue";
import { useUploadQueue } from "../media/upload-queue";

type Home = RouterOutputs["homes"]["get"];
type Photo = Home["photos"][number];
type Cover = NonNullable<RouterOutputs["homes"]["list"][number]["photo"]>;

/**
 * How wide a card's picture is declared: a third of a laptop's page; on a phone it fills the width,
 * but is declared as 44% of it, so a 2.6× phone takes the 480 px copy (sharp enough for a card, a
 * fifth of the 1,024 px copy's bytes) as the gallery's tiles do. Measured with `bench lighthouse
 * /travel`: nine cards declared at 92vw sent 2 MB and the first appeared after 7 s on a throttled phone.
 */
export const CARD_SIZES = "(min-width: 1024px) 340px, 44vw";

/** A photo in its box, over its blurred preview, the copy that fits picked by the browser. */
export function PhotoImage({
  photo,
  sizes,
  alt = "",
  eager = false,
  className = "",
}: {
  photo: Cover | Photo;
  sizes: string;
  alt?: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={photo.sources[0]?.url ?? photo.url}
      srcSet={srcSetOf(photo)}
      sizes={photo.sources.length > 0 ? sizes : undefined}
      alt={alt}
      width={photo.width ?? undefined}
      height={photo.height ?? undefined}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      className={`h-full w-full bg-cover bg-center object-cover ${className}`}
      style={placeholderStyle(photo.placeholder)}
    />
  );
}

/** The grid's height and rows on a laptop, by how many photos it shows (a phone shows the cover alone). */
const GRID: Record<number, string> = {
  1: "sm:h-[28rem]",
  2: "sm:h-[22rem] sm:grid-rows-1",
  3: "sm:h-[26rem] sm:grid-rows-2",
  4: "sm:h-[26rem] sm:grid-rows-2",
  5: "sm:h-[26rem] sm:grid-rows-2",
};

/** The cover: the whole width alone, else half (both rows from three photos on); a phone's width always. */
function coverPlace(count: number): string {
  const half = count === 1 ? "" : count === 2 ? "sm:col-span-2" : "sm:col-span-2 sm:row-span-2";
  return `col-span-4 aspect-[4/3] sm:aspect-auto ${half}`;
}
const COVER_SIZES = "(min-width: 1152px) 540px, (min-width: 640px) 46vw, 92vw";

/** Where a photo after the cover sits: the cover takes half (or all, alone); the rest share the other half. */
function placeOf(count: number, i: number): string {
  const wide = count === 2 || count === 3 || (count === 4 && i === 1);
  return `max-sm:hidden ${wide ? "col-span-2" : ""}`;
}

/** A home's page: its cover large and four more beside it, each opening the lightbox there. */
export function HomePhotoGrid({ home }: { home: Home }) {
  const [at, setAt] = useState<number>();
  const photos = home.photos;
  if (photos.length === 0) return null;
  const shown = photos.slice(0, 5);
  return (
    <section aria-label={`Photos of ${home.title}`}>
      <ul
        className={`grid grid-cols-4 gap-2 overflow-hidden rounded-[var(--radius-card)] ${GRID[shown.length] ?? GRID[5]}`}
      >
        {shown.map((photo, i) => (
          <li key={photo.id} className={i === 0 ? coverPlace(shown.length) : placeOf(shown.length, i)}>
            <button
              type="button"
              onClick={() => setAt(i)}
              aria-label={`Open photo ${i + 1} of ${photos.length}${photo.title ? `: ${photo.title}` : ""}`}
              className="block h-full w-full overflow-hidden bg-paper-deep"
            >
              <PhotoImage
                photo={photo}
                eager={i === 0}
                sizes={
                  i === 0 && shown.length === 1 ? "(min-width: 1152px) 1088px, 92vw" : i === 0 ? COVER_SIZES : "280px"
                }
                className="transition-transform duration-300 hover:scale-[1.03]"
              />
            </button>
          </li>
        ))}
      </ul>
      {photos.length > 1 ? (
        <Button variant="ghost" className="mt-2" onClick={() => setAt(0)}>
          See all {photos.length} photos
        </Button>
      ) : null}
      {at !== undefined ? <MediaLightbox items={photos} index={at} onClose={() => setAt(undefined)} /> : null}
    </section>
  );
}

/**
 * The host's photos of one home: several at once through the gallery's resumable queue (the first
 * is the cover), each removable with a confirmation.
 */
export function HomePhotosEditor({ home, memberId }: { home: Home; memberId: string }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.homes.pathKey() });
  const queue = useUploadQueue({ memberId, homeId: home.id, onUploaded: () => void refresh() });
  const { dragging, dropProps } = useFileDrop(queue.add);
  const [removing, setRemoving] = useState<Photo>();
  const remove = useMutation(
    trpc.homes.removePhoto.mutationOptions({
      onSuccess: async (answer) => {
        toast.success(answer.message);
        setRemoving(undefined);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The photo could not be removed.")),
    }),
  );
  return (
    <section
      aria-label={`Photos of ${home.title}`}
      {...dropProps}
      className={`flex flex-col gap-3 ${dragging ? "rounded-xl outline-2 outline-offset-8 outline-plum outline-dashed" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg text-ink">Photos</h3>
        <UploadPicker queue={queue} label="Add photos" accept="image/*,.heic,.heif" />
        <p className="text-sm text-ink-soft">
          {home.photos.length === 0
            ? "Members choose by the pictures: add a few, the first is the cover."
            : `${home.photos.length} of 24; the first is the cover.`}
        </p>
      </div>
      <UploadQueuePanel queue={queue} naming={false} />
      {home.photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {home.photos.map((photo, i) => (
            <li key={photo.id} className="group relative aspect-square overflow-hidden rounded-lg bg-paper-deep">
              <PhotoImage photo={photo} sizes="120px" alt={i === 0 ? "Cover photo" : `Photo ${i + 1}`} />
              <button
                type="button"
                onClick={() => setRemoving(photo)}
                aria-label={`Remove photo ${i + 1}`}
                className="absolute top-1 right-1 rounded-full bg-ink/70 px-2 text-white text-sm hover:bg-ink focus-visible:outline-2 focus-visible:outline-gold"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title="Remove this photo?"
        description="Members will no longer see it on the home's page."
        confirmLabel="Remove photo"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: home.id, mediaId: removing.id })}
      />
    </section>
  );
}
