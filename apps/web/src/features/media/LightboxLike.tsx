import { useEffect } from "react";
import { toast } from "sonner";
import { useController } from "yet-another-react-lightbox";
import { likesInWords, useMediaLike } from "./MediaLikeButton";
import type { MediaItem } from "./types";

/**
 * The heart in the lightbox's toolbar, for the item shown. It is never disabled while its like is
 * on its way: a focused button that is disabled drops the focus out of the lightbox, and with it
 * the arrow keys. After a press the focus goes back to the lightbox, which answers the keys.
 */
export function LightboxLike({ item }: { item: MediaItem }) {
  const { likes, error, busy, toggle } = useMediaLike(item);
  const { focus } = useController();
  // The toolbar has no room for a sentence: a refusal is said in a toast.
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  return (
    <button
      type="button"
      className="yarl__button flex items-center gap-1"
      aria-label={`${likes.user_liked ? "Unlike" : "Like"} (${likesInWords(likes.like_count).toLowerCase()})`}
      aria-pressed={likes.user_liked}
      aria-busy={busy || undefined}
      onClick={() => {
        toggle();
        focus();
      }}
    >
      <span aria-hidden="true" className="text-2xl leading-none">
        {likes.user_liked ? "♥" : "♡"}
      </span>
      <span aria-hidden="true" className="text-sm" data-testid="lightbox-like-count">
        {likes.like_count}
      </span>
    </button>
  );
}
