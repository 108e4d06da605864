import { conversationStartInput } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/Dialog";
import { serverError, useZodForm } from "../../ui/form";
import { MessageFields } from "./MessageFields";
import { firstName } from "./text";

const firstMessage = conversationStartInput.pick({ text: true });

/**
 * "Write to her", from her profile: a first message in a small dialog, then the conversation (a
 * new one, or the one the two of them already have).
 */
export function WriteToHer({
  member,
  open,
  onOpenChange,
}: {
  member: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Write to ${firstName(member.name)}`}
      description={`A private message: only ${member.name} and you will read it.`}
    >
      {open ? <FirstMessage member={member} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function FirstMessage({ member, onCancel }: { member: { id: string; name: string }; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(firstMessage, { defaultValues: { text: "" }, keep: "first-message" });
  const start = useMutation(
    trpc.conversations.start.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.conversations.list.pathKey() });
        await navigate({ to: "/messages/$id", params: { id: r.id } });
      },
      onError: (err) =>
        form.setError(serverError, { message: errorMessage(err, "Your message could not be sent. Please try again.") }),
    }),
  );
  const submit = form.handleSubmit(({ text }) => start.mutate({ memberIds: [member.id], text }));
  return (
    <form aria-label={`Write to ${member.name}`} noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <MessageFields form={form} rows={5} sending={start.isPending} onSend={() => void submit()} onCancel={onCancel} />
    </form>
  );
}
