import { COMMENT_MAX, commentForm } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { serverError, useZodForm } from "../../ui/form";
import { commentPagesOptions, withPosted } from "./pages";

/**
 * The comment box (SPEC.md, Comments): a one-line input that grows and shows Post once focused;
 * Post is disabled while the text is blank or the comment is on its way. The new comment goes to
 * the top of the list the server confirms.
 */
export function CommentForm({ commentableId }: { commentableId: string }) {
  const queryClient = useQueryClient();
  const listKey = commentPagesOptions(commentableId).queryKey;
  const form = useZodForm(commentForm, { defaultValues: { content: "" }, keep: `new-comment-${commentableId}` });
  const [focused, setFocused] = useState(false);
  const { errors } = form.formState;
  const post = useMutation(
    trpc.comments.create.mutationOptions({
      onSuccess: (created) => {
        // The page's live stream may have fetched the list with it already: never twice.
        queryClient.setQueryData(listKey, (old) => withPosted(old, created));
        form.reset();
        setFocused(false);
      },
      onError: () => form.setError(serverError, { message: "Failed to post comment" }),
    }),
  );
  const blank = !form.watch("content").trim();
  const message = errors.content?.message ?? errors.root?.server?.message;

  return (
    <form
      onSubmit={form.handleSubmit(({ content }) => post.mutate({ commentableId, content }))}
      className="flex flex-col gap-2"
      noValidate
    >
      <label className="sr-only" htmlFor={`comment-input-${commentableId}`}>
        Write a comment
      </label>
      <textarea
        id={`comment-input-${commentableId}`}
        {...form.register("content")}
        onFocus={() => setFocused(true)}
        placeholder="Write a comment..."
        maxLength={COMMENT_MAX}
        rows={focused ? 3 : 1}
        aria-invalid={message ? true : undefined}
        className="w-full rounded-lg border border-line bg-card px-3 py-2"
      />
      {focused ? (
        <Button type="submit" className="self-end" disabled={blank || post.isPending}>
          Post
        </Button>
      ) : null}
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
    </form>
  );
}
