import { COMMENT_MAX, commentForm } from "@club/shared";
import { useMutation } from "@tanstack/react-query";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { serverError, useZodForm } from "../../ui/form";

/** Editing one comment: Save sends the update and leaves edit mode once saved, Cancel leaves it. */
export function CommentEditor({
  comment,
  onDone,
}: {
  comment: { id: string; content: string };
  onDone: (saved: boolean) => void;
}) {
  const form = useZodForm(commentForm, { defaultValues: { content: comment.content }, keep: `comment-${comment.id}` });
  const { errors } = form.formState;
  const update = useMutation(
    trpc.comments.update.mutationOptions({
      onSuccess: () => onDone(true),
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "Failed to update comment") }),
    }),
  );
  const blank = !form.watch("content").trim();
  const message = errors.content?.message ?? errors.root?.server?.message;

  return (
    <form
      onSubmit={form.handleSubmit(({ content }) => update.mutate({ id: comment.id, content }))}
      className="mt-2 flex flex-col gap-2"
      noValidate
    >
      <label className="sr-only" htmlFor={`edit-${comment.id}`}>
        Edit comment
      </label>
      <textarea
        id={`edit-${comment.id}`}
        {...form.register("content")}
        maxLength={COMMENT_MAX}
        aria-invalid={message ? true : undefined}
        className="w-full rounded-lg border border-line bg-card px-3 py-2"
      />
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={blank || update.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
