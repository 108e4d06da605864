import { labelOf } from "./label";
import { likesInWords } from "./MediaLikeButton";
import { PROCESSING_LABEL } from "./processing";
import { placeholderStyle, srcSetOf, TILE_SIZES } from "./responsive";
import type { MediaItem } from "./types";

/** A gallery tile: the thumbnail (lazy), or for a video without one a muted preview. */
export function MediaTile({
  item,
  selected,
  selecting,
  selectable = true,
  sizes = TILE_SIZES.gallery,
  first = false,
  lockedWhy,
  showLikes = true,
  onClick,
}: {
  /** Its likes on the tile (a heart and a count); off where the page shows them beside it. */
  showLikes?: boolean;
  item: MediaItem;
  /**
   * Among the first tiles: fetched at once and early. The page arrives rendered, so lazy loading
   * would hold it back until layout, and it is the page's largest picture.
   */
  first?: boolean;
  selected?: boolean;
  selecting?: boolean;
  /** In manage mode: whether this member may delete the item (her own, or any for an admin). */
  selectable?: boolean;
  /** Why it cannot be selected (default: only its uploader or an admin may delete it). */
  lockedWhy?: string;
  /** How wide the tile is at each screen width (`TILE_SIZES`), so the browser fetches a copy that fits. */
  sizes?: string;
  onClick: () => void;
}) {
  const title = labelOf(item);
  // "Photo, 6 December" says its kind already; a title she gave is told with its kind.
  const named = item.name ? `${item.media_type === "video" ? "Video" : "Photo"}: ${title}` : title;
  // Its likes are part of what the tile says, to the eye (the heart) and to a screen reader.
  const liked = showLikes && item.like_count > 0;
  const label = liked ? `${named}, ${likesInWords(item.like_count).toLowerCase()}` : named;
  const locked = selecting && !selectable;
  const why = lockedWhy ?? `Only ${item.author_name ?? "the uploader"} or an admin can delete this item.`;
  return (
    <button
      type="button"
      onClick={locked ? undefined : onClick}
      aria-label={selecting ? `${selected ? "Deselect" : "Select"} ${label}` : `Open ${label}`}
      aria-pressed={selecting && !locked ? selected : undefined}
      aria-disabled={locked || undefined}
      aria-describedby={locked ? `why-${item.id}` : undefined}
      title={locked ? why : undefined}
      className={`group relative block aspect-square w-full overflow-hidden rounded-lg bg-paper-deep bg-center ${selected ? "ring-4 ring-plum" : ""} ${locked ? "cursor-not-allowed opacity-45 grayscale" : ""}`}
      style={placeholderStyle(item.placeholder)}
    >
      {locked ? (
        <span id={`why-${item.id}`} className="sr-only">
          {why}
        </span>
      ) : null}
      {item.thumbnail_url ? (
        <img
          src={item.thumbnail_url}
          srcSet={srcSetOf(item)}
          sizes={item.sources.length > 0 ? sizes : undefined}
          alt=""
          loading={first ? "eager" : "lazy"}
          fetchPriority={first ? "high" : "auto"}
          decoding="async"
          className="h-full w-full object-cover transition-transform group-hover:scale-[1.03]"
        />
      ) : item.media_type === "video" ? (
        <video
          src={item.processing === "processing" ? undefined : item.url}
          muted
          preload="metadata"
          playsInline
          className="h-full w-full object-cover"
        />
      ) : (
        <img src={item.url} alt="" loading="lazy" className="h-full w-full object-cover" />
      )}
      {liked ? (
        <span
          aria-hidden="true"
          className="absolute top-2 right-2 rounded-full bg-ink/70 px-2 py-0.5 text-xs text-white"
          data-testid="tile-likes"
        >
          ♥ {item.like_count}
        </span>
      ) : null}
      {item.media_type === "video" ? (
        <span className="absolute right-2 bottom-2 rounded-full bg-ink/70 px-2 py-0.5 text-xs text-white">
          {item.processing === "processing" ? (
            PROCESSING_LABEL
          ) : item.processing === "failed" ? (
            "Could not convert"
          ) : (
            <span aria-hidden="true">▶ Video</span>
          )}
        </span>
      ) : null}
      {selecting && !locked ? (
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
