import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { firstName } from "./text";
import { WriteToHer } from "./WriteToHer";

/**
 * On another member's profile: "Write to her", and Block or Unblock (a block is asked first, and
 * she is never told). `write` opens the dialog at once (the directory's "Write to her" leads here).
 */
export function ProfileActions({
  member,
  write = false,
  onWriteChange,
}: {
  member: { id: string; name: string };
  write?: boolean;
  onWriteChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const blockedList = useQuery(trpc.conversations.blocked.queryOptions());
  const blocked = blockedList.data?.some((b) => b.id === member.id) ?? false;
  const [confirming, setConfirming] = useState(false);
  const first = firstName(member.name);
  const after = async (r: { message: string }) => {
    setConfirming(false);
    toast.success(r.message);
    await Promise.all(
      [trpc.conversations.blocked, trpc.conversations.get].map((p) =>
        queryClient.invalidateQueries({ queryKey: p.pathKey() }),
      ),
    );
  };
  const failed = (err: unknown) => {
    setConfirming(false);
    toast.error(errorMessage(err, "That did not work. Please try again."));
  };
  const block = useMutation(trpc.conversations.block.mutationOptions({ onSuccess: after, onError: failed }));
  const unblock = useMutation(trpc.conversations.unblock.mutationOptions({ onSuccess: after, onError: failed }));
  return (
    <>
      <Button onClick={() => onWriteChange(true)}>Write to her</Button>
      {blockedList.isSuccess ? (
        blocked ? (
          <Button
            variant="secondary"
            disabled={unblock.isPending}
            onClick={() => unblock.mutate({ id: member.id })}
            aria-label={`Unblock ${member.name}`}
          >
            Unblock
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={`Block ${member.name}`}>
            Block
          </Button>
        )
      ) : null}
      <WriteToHer member={member} open={write} onOpenChange={onWriteChange} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${first}?`}
        description="She will not be able to write to you. She is not told that you blocked her."
        confirmLabel="Yes, Block"
        busy={block.isPending}
        onConfirm={() => block.mutate({ id: member.id })}
      />
    </>
  );
}
