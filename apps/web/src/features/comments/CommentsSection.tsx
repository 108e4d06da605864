import { formatCommentAge } from "@club/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useReopenLive } from "../../lib/live";
import { errorMessage, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useSession } from "../auth/session";
import { MemberLink } from "../members/MemberLink";
import { CommentEditor } from "./CommentEditor";
import { CommentForm } from "./CommentForm";
import { type Comment, commentPagesOptions } from "./pages";

/** The comments of an event or a media item (SPEC.md, Comments section). */
export function CommentsSection({
  commentableId,
  me,
  onLive,
}: {
  commentableId: string;
  me?: { user_id: string; admin: boolean } | undefined;
  /** Each change told on the item's live stream (a photo's page: its likes changed, perhaps). */
  onLive?: () => void;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const options = commentPagesOptions(commentableId);
  const list = useInfiniteQuery(options);
  const [editing, setEditing] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });
  const onError = (label: string) => (err: unknown) => console.error(label, err);
  // Others' comments and likes arrive without a reload while the page is open (members only), and
  // again once the page is shown after the server ended its stream (useReopenLive).
  const live = useSubscription(
    trpc.comments.live.subscriptionOptions(
      { commentableId },
      {
        enabled: Boolean(user),
        onData: () => {
          void refresh();
          onLive?.();
        },
      },
    ),
  );
  useReopenLive(live, Boolean(user));

  const [deleting, setDeleting] = useState<string>();
  const remove = useMutation(
    trpc.comments.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(undefined);
        toast.success("The comment was deleted.");
        await refresh();
      },
      onError: (err) => {
        setDeleting(undefined);
        onError("Failed to delete comment")(err);
        toast.error(errorMessage(err, "The comment could not be deleted."));
      },
    }),
  );
  // The count changes only once the server confirms (SPEC.md section 4).
  const like = useMutation(
    trpc.comments.like.mutationOptions({ onSuccess: refresh, onError: onError("Failed to like comment") }),
  );
  const unlike = useMutation(
    trpc.comments.unlike.mutationOptions({ onSuccess: refresh, onError: onError("Failed to unlike comment") }),
  );

  const comments = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? comments.length;
  const mine = (c: Comment) => me?.user_id === c.user_id;

  return (
    <section aria-labelledby={`comments-${commentableId}`} className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 id={`comments-${commentableId}`} className="text-2xl text-plum">
          {total.toLocaleString("en-US")} Comment{total === 1 ? "" : "s"}
        </h2>
        <button
          type="button"
          className="rounded-full bg-paper-deep px-3 py-1 text-xs font-medium text-ink-soft"
          aria-pressed="true"
        >
          Newest First
        </button>
      </div>

      {user ? (
        <CommentForm commentableId={commentableId} />
      ) : (
        <p className="text-sm text-ink-soft">
          Please{" "}
          <Link to="/login" className="text-plum underline">
            log in
          </Link>{" "}
          to post a comment.
        </p>
      )}
      {list.isError ? <p className="text-sm text-danger">Failed to fetch comments</p> : null}

      {list.isPending ? (
        <p className="text-ink-soft">Loading...</p>
      ) : comments.length === 0 ? (
        <p className="text-ink-soft">No comments yet. Be the first to comment!</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.map((c) => (
            <li key={c.id} className="rounded-lg border border-line bg-card p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                {/* Profiles are the members' area: a visitor reading an open event's comments sees names only. */}
                <MemberLink id={me ? c.user_id : null} className="font-medium text-ink">
                  {c.username}
                </MemberLink>
                <span className="text-ink-soft">{formatCommentAge(c.created_at)}</span>
              </div>
              {editing === c.id ? (
                <CommentEditor
                  comment={c}
                  onDone={async (saved) => {
                    setEditing(undefined);
                    if (saved) await refresh();
                  }}
                />
              ) : (
                <p className="mt-2 whitespace-pre-line text-ink">{c.content}</p>
              )}
              <div className="mt-3 flex items-center gap-3 text-sm">
                <button
                  type="button"
                  disabled={!user || like.isPending || unlike.isPending}
                  title={user ? undefined : "Log in to like comments"}
                  aria-pressed={c.user_liked}
                  onClick={() => (c.user_liked ? unlike : like).mutate({ id: c.id })}
                  className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 ${c.user_liked ? "bg-plum-soft text-plum" : "text-ink-soft hover:bg-paper-deep"} disabled:cursor-not-allowed`}
                >
                  <span aria-hidden="true">{c.user_liked ? "♥" : "♡"}</span> {c.like_count}
                  <span className="sr-only">{c.like_count === 1 ? "like" : "likes"}</span>
                </button>
                {mine(c) && editing !== c.id ? (
                  <button type="button" className="text-plum hover:underline" onClick={() => setEditing(c.id)}>
                    Edit
                  </button>
                ) : null}
                {mine(c) || me?.admin ? (
                  <button type="button" className="text-danger hover:underline" onClick={() => setDeleting(c.id)}>
                    Delete
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className="self-center rounded-full border border-line px-4 py-2 text-sm font-medium text-plum hover:bg-paper-deep disabled:opacity-60"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? "Loading more comments…" : "Show more comments"}
        </button>
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete this comment?"
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting })}
      />
    </section>
  );
}
