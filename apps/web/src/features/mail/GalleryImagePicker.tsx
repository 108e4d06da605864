import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/Dialog";

/**
 * The editor's "Image": the gallery's newest photos that every member may see (an invite-only
 * event's are never offered). The image goes into the mail at an address signed for it, which the
 * readers' mail programs can fetch without signing in.
 */
export function GalleryImagePicker({
  open,
  onOpenChange,
  onClosed,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: (event: Event) => void;
  onPick: (image: { src: string; alt: string }) => void;
}) {
  const photos = useQuery({ ...trpc.adminMail.photos.queryOptions(), enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onClosed}
      size="xl"
      title="Image from the gallery"
      description="Photos every member may see. The image appears in the e-mail at the width of the message."
    >
      {photos.isPending ? <p className="text-ink-soft">Loading photos…</p> : null}
      {photos.isError ? <p className="text-danger">The photos could not be loaded. Please try again.</p> : null}
      {photos.data?.length === 0 ? (
        <p className="text-ink-soft">There are no photos in the gallery that every member may see yet.</p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.data?.map((photo) => (
          <li key={photo.id}>
            <button
              type="button"
              className="group block w-full overflow-hidden rounded-lg border border-line bg-paper text-left focus-visible:ring-2 focus-visible:ring-gold"
              onClick={() => {
                onPick({ src: photo.src, alt: photo.title });
                onOpenChange(false);
              }}
            >
              {photo.thumbnail_url ? (
                <img
                  src={photo.thumbnail_url}
                  alt=""
                  loading="lazy"
                  className="aspect-square w-full object-cover transition-opacity group-hover:opacity-90"
                />
              ) : null}
              <span className="block truncate px-2 py-1.5 text-sm text-ink">{photo.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
