import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";

/** "No likes", "1 like", "3 likes": the count as a screen reader says it. */
export function likesInWords(count: number): string {
  if (count === 0) return "No likes";
  return `${count} ${count === 1 ? "like" : "likes"}`;
}

type Likes = { like_count: number; user_liked: boolean };

/**
 * Her like of a photo or video, and how many like it. It turns at once (optimistic) and the
 * server's count follows; a refusal puts it back and says so (`error`). The gallery's answers are
 * then fetched again, so every view of the item shows the same.
 */
export function useMediaLike(item: { id: string } & Likes) {
  const queryClient = useQueryClient();
  const [likes, setLikes] = useState<Likes>({ like_count: item.like_count, user_liked: item.user_liked });
  const [error, setError] = useState<string>();
  // A refetch (another member's like meanwhile) or another item brings the item's own count.
  useEffect(() => setLikes({ like_count: item.like_count, user_liked: item.user_liked }), [item]);
  const options = {
    onSuccess: async (answer: Likes) => {
      setLikes(answer);
      await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.images.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
    },
    onError: (err: unknown, _input: unknown, before: unknown) => {
      if (before) setLikes(before as Likes);
      setError(errorMessage(err, "The like could not be saved."));
    },
  };
  const onMutate = () => {
    const before = likes;
    setError(undefined);
    setLikes({
      like_count: Math.max(0, likes.like_count + (likes.user_liked ? -1 : 1)),
      user_liked: !likes.user_liked,
    });
    return before;
  };
  const like = useMutation(trpc.media.like.mutationOptions({ ...options, onMutate }));
  const unlike = useMutation(trpc.media.unlike.mutationOptions({ ...options, onMutate }));
  const busy = like.isPending || unlike.isPending;
  /** Likes or unlikes; a press while the last one is on its way is let go (it would undo it). */
  const toggle = () => {
    if (!busy) (likes.user_liked ? unlike : like).mutate({ id: item.id });
  };
  return { likes, error, busy, toggle };
}

/** A heart to like a photo or video on its details, and how many like it. */
export function MediaLikeButton({ item }: { item: { id: string } & Likes }) {
  const { likes, error, busy, toggle } = useMediaLike(item);
  return (
    <div className="inline-flex items-center gap-1 text-sm">
      <button
        type="button"
        aria-label={likes.user_liked ? "Unlike" : "Like"}
        aria-pressed={likes.user_liked}
        disabled={busy}
        onClick={toggle}
        className={`inline-flex min-h-9 min-w-9 items-center justify-center rounded-full px-2 text-lg leading-none ${likes.user_liked ? "bg-plum-soft text-plum" : "text-ink-soft hover:bg-paper-deep"} disabled:cursor-wait`}
      >
        <span aria-hidden="true">{likes.user_liked ? "♥" : "♡"}</span>
      </button>
      <span data-testid="media-like-count" className="text-ink">
        <span aria-hidden="true">{likes.like_count}</span>
        <span className="sr-only">{likesInWords(likes.like_count)}</span>
      </span>
      {error ? (
        <span role="alert" className="text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}
