import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cn } from "../../ui/cn";
import type { Conversation } from "./pages";

const item = "flex w-full cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm outline-none";

/** A conversation's less frequent acts: mute it or not, and leave it (asked first). */
export function ConversationActions({ conversation }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const refresh = async () => {
    await Promise.all(
      [trpc.conversations.get, trpc.conversations.list].map((p) =>
        queryClient.invalidateQueries({ queryKey: p.pathKey() }),
      ),
    );
  };
  const mute = useMutation(
    trpc.conversations.mute.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The conversation could not be changed. Please try again.")),
    }),
  );
  const leave = useMutation(
    trpc.conversations.leave.mutationOptions({
      onSuccess: async (r) => {
        setLeaving(false);
        toast.success(r.message);
        await navigate({ to: "/messages" });
        // Hers no longer: nothing of it stays in this tab's memory.
        queryClient.removeQueries({ queryKey: trpc.conversations.get.queryKey({ id: conversation.id }) });
        queryClient.removeQueries({ queryKey: [...trpc.conversations.messages.pathKey(), { id: conversation.id }] });
        await refresh();
      },
      onError: (err) => {
        setLeaving(false);
        toast.error(errorMessage(err, "You could not leave the conversation. Please try again."));
      },
    }),
  );
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-plum/40 bg-card px-4 py-2 text-sm font-medium text-plum transition-colors hover:bg-plum-soft data-[state=open]:bg-plum-soft">
          Actions
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="size-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          >
            <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-30 min-w-56 rounded-xl border border-line bg-card p-1.5 shadow-[var(--shadow-card)]"
          >
            <DropdownMenu.Item
              className={cn(item, "text-ink data-[highlighted]:bg-plum-soft")}
              disabled={mute.isPending}
              onSelect={() => mute.mutate({ id: conversation.id, muted: !conversation.muted })}
            >
              {conversation.muted ? "Unmute" : "Mute"}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item
              className={cn(item, "text-danger data-[highlighted]:bg-danger-soft")}
              onSelect={() => setLeaving(true)}
            >
              Leave the conversation…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title="Leave this conversation?"
        description="It leaves your list, and you will neither read nor write in it again. The others keep what was written."
        confirmLabel="Yes, Leave"
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: conversation.id })}
      />
    </>
  );
}
