import { FORMER_MEMBER, messageReportInput } from "@club/shared";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextArea } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { MessageText } from "./MessageText";
import type { Message } from "./pages";
import { oneLine } from "./text";

const reasonFields = messageReportInput.pick({ reason: true });

/**
 * Reporting a message to the club's administrators, with why (3 to 1,000 characters). They see it
 * with the few messages around it, and nothing else of the conversation.
 */
export function ReportDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  return (
    <Dialog
      open={Boolean(message)}
      onOpenChange={(open) => !open && onClose()}
      title="Report this message"
      description="The club's administrators will see this message, the few messages around it, and your reason. Its author is not told."
    >
      {message ? <ReportForm message={message} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ReportForm({ message, onClose }: { message: Message; onClose: () => void }) {
  const form = useZodForm(reasonFields, { defaultValues: { reason: "" } });
  const { errors } = form.formState;
  const report = useMutation(
    trpc.conversations.report.mutationOptions({
      onSuccess: (r) => {
        toast.success(r.message);
        onClose();
      },
      onError: (err) =>
        form.setError(serverError, {
          message: errorMessage(err, "The message could not be reported. Please try again."),
        }),
    }),
  );
  return (
    <form
      aria-label="Report this message"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ reason }) => report.mutate({ id: message.id, reason }))}
    >
      <blockquote className="rounded-lg border-l-4 border-gold-light bg-paper-deep px-4 py-3 text-sm text-ink">
        <p className="mb-1 text-xs font-medium text-ink-soft">{message.author?.name ?? FORMER_MEMBER} wrote:</p>
        <MessageText text={oneLine(message.text, 280)} />
      </blockquote>
      <TextArea
        label="Why do you report it?"
        required
        maxLength={1000}
        hint="3 to 1,000 characters."
        error={errors.reason?.message}
        {...form.register("reason")}
      />
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={report.isPending}>
          {report.isPending ? "Reporting…" : "Report to the administrators"}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
