import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { buttonClass } from "../../ui/Button";
import { MediaDetailModal } from "../media/MediaDetailModal";
import { MediaLightbox } from "../media/MediaLightbox";
import { MediaTile } from "../media/MediaTile";
import { pollWhileProcessing } from "../media/processing";
import { TILE_SIZES } from "../media/responsive";
import { UploadPicker, UploadQueuePanel, useFileDrop } from "../media/UploadQueue";
import type { UploadQueue } from "../media/upload-queue";

/**
 * The Images tab: the event's media (they are in the gallery too). Its upload queue belongs to the
 * event's page, so files keep going while the member reads another tab.
 */
export function EventImages({
  eventId,
  me,
  queue,
}: {
  eventId: string;
  me: { user_id: string; admin: boolean } | undefined;
  queue: UploadQueue;
}) {
  const options = trpc.images.byEvent.queryOptions({ eventId });
  const images = useQuery({ ...options, refetchInterval: (query) => pollWhileProcessing(query.state.data) });
  const [openId, setOpenId] = useState<string>();
  const [lightboxAt, setLightboxAt] = useState<number>();
  const items = images.data ?? [];
  const open = items.find((i) => i.id === openId);
  const { dragging, dropProps } = useFileDrop(queue.add);

  return (
    <div
      {...dropProps}
      className={`flex flex-col gap-5 ${dragging ? "rounded-xl outline-2 outline-offset-8 outline-plum outline-dashed" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <UploadPicker queue={queue} label="Upload Image" />
        {items.length > 0 ? (
          <a href={`/api/events/${eventId}/media.zip`} download className={buttonClass("secondary")}>
            Download all ({items.length})
          </a>
        ) : null}
      </div>
      <UploadQueuePanel queue={queue} />
      {images.isPending ? (
        <p className="text-ink-soft">Loading images...</p>
      ) : items.length === 0 ? (
        <p className="text-ink-soft">No images have been tagged with this event yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.id}>
              <MediaTile item={item} sizes={TILE_SIZES.event} onClick={() => setOpenId(item.id)} />
            </li>
          ))}
        </ul>
      )}
      {open && lightboxAt === undefined ? (
        <MediaDetailModal
          key={open.id}
          item={open}
          me={me}
          variant="event"
          onClose={() => setOpenId(undefined)}
          onLightbox={() => setLightboxAt(items.indexOf(open))}
        />
      ) : null}
      {lightboxAt !== undefined ? (
        <MediaLightbox items={items} index={lightboxAt} onClose={() => setLightboxAt(undefined)} />
      ) : null}
    </div>
  );
}
