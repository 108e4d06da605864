import type { MediaItem } from "./types";

/** A gallery tile: the thumbnail (lazy), or for a video without one a muted preview. */
export function MediaTile({
  item,
  selected,
  selecting,
  onClick,
}: {
  item: MediaItem;
  selected?: boolean;
  selecting?: boolean;
  onClick: () => void;
}) {
  const label = `${item.media_type === "video" ? "Video" : "Photo"}: ${item.name ?? "untitled"}`;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={selecting ? `${selected ? "Deselect" : "Select"} ${label}` : `Open ${label}`}
      aria-pressed={selecting ? selected : undefined}
      className={`group relative block aspect-square w-full overflow-hidden rounded-lg bg-paper-deep ${selected ? "ring-4 ring-plum" : ""}`}
    >
      {item.thumbnail_url ? (
        <img
          src={item.thumbnail_url}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover transition-transform group-hover:scale-[1.03]"
        />
      ) : item.media_type === "video" ? (
        <video src={item.url} muted preload="metadata" playsInline className="h-full w-full object-cover" />
      ) : (
        <img src={item.url} alt="" loading="lazy" className="h-full w-full object-cover" />
      )}
      {item.media_type === "video" ? (
        <span
          aria-hidden="true"
          className="absolute right-2 bottom-2 rounded-full bg-ink/70 px-2 py-0.5 text-xs text-white"
        >
          ▶ Video
        </span>
      ) : null}
      {selecting ? (
        <span
          aria-hidden="true"
          className={`absolute top-2 left-2 grid size-6 place-items-center rounded-full border-2 border-white text-xs text-white ${selected ? "bg-plum" : "bg-ink/30"}`}
        >
          {selected ? "✓" : ""}
        </span>
      ) : null}
    </button>
  );
}
