import { MESSAGE_MAX_LENGTH, messageSendInput } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { serverError, useZodForm } from "../../ui/form";
import { type Message, type MessagesPage, messagePages } from "./pages";
import { charactersLeft, isSendKey } from "./text";

const composerFields = messageSendInput.pick({ text: true });

/** The conversation's pages with a message just sent at the end (unless the live stream brought it first). */
function withSent<D extends { pages: MessagesPage[] }>(data: D | undefined, sent: Message): D | undefined {
  if (!data) return data;
  if (data.pages.some((p) => p.items.some((m) => m.id === sent.id))) return data;
  const [newest, ...rest] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, items: [...newest.items, sent] }, ...rest] };
}

/**
 * What she writes next: plain text up to 4,000 characters (the count shows near the end), sent
 * with Send or Ctrl+Enter (Cmd+Enter on a Mac). A refusal shows here in the server's words (a
 * member who blocked her: "You cannot write to this member.").
 */
export function Composer({ conversationId, onSent }: { conversationId: string; onSent?: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useZodForm(composerFields, { defaultValues: { text: "" }, keep: "message" });
  const { errors } = form.formState;
  const send = useMutation(
    trpc.conversations.send.mutationOptions({
      onSuccess: async (sent) => {
        queryClient.setQueryData(messagePages(trpc, conversationId).queryKey, (old) => withSent(old, sent));
        form.reset();
        onSent?.();
        await queryClient.invalidateQueries({ queryKey: trpc.conversations.list.pathKey() });
      },
      onError: async (err) => {
        form.setError(serverError, {
          message: errorMessage(err, "Your message could not be sent. Please try again."),
        });
        // Refused for good (she was blocked meanwhile): the page then says why instead of a composer.
        if (errorCode(err) === "FORBIDDEN")
          await queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id: conversationId }) });
      },
    }),
  );
  const submit = form.handleSubmit(({ text }) => send.mutate({ id: conversationId, text }));
  const text = form.watch("text");
  const left = charactersLeft(text.length);
  const problem = errors.text?.message ?? errors.root?.server?.message;

  return (
    <form aria-label="Write a message" noValidate onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="sr-only">
        Your message
      </label>
      <textarea
        id={`${id}-text`}
        {...form.register("text")}
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Write a message…"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        onKeyDown={(e) => {
          if (isSendKey(e.nativeEvent)) {
            e.preventDefault();
            void submit();
          }
        }}
        className="min-h-20 w-full resize-y sm:min-h-24 rounded-xl border border-line bg-card px-4 py-3 text-[15px] leading-relaxed text-ink placeholder:text-ink-soft/70 focus:border-plum focus:ring-2 focus:ring-plum/20 focus:outline-none"
      />
      {problem ? (
        <Alert>
          <span id={`${id}-problem`}>{problem}</span>
        </Alert>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-hint`} className="text-xs text-ink-soft">
          <span className={cn(left && "font-medium text-plum")} aria-live="polite">
            {left ?? (
              <>
                <span className="hidden sm:inline">Ctrl+Enter or ⌘+Enter sends. </span>Plain text; links are made
                clickable.
              </>
            )}
          </span>
        </p>
        <Button type="submit" disabled={send.isPending || !text.trim()} className="shrink-0 px-6">
          {send.isPending ? "Sending…" : "Send"}
        </Button>
      </div>
    </form>
  );
}
