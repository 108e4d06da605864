import { MESSAGE_MAX_LENGTH } from "@club/shared";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextArea } from "../../ui/Field";
import type { ZodForm } from "../../ui/form";
import { charactersLeft, isSendKey } from "./text";

type MessageForm = ZodForm<{ text: string }, { text: string }>;

/**
 * A message written in a dialog ("Write to her", "Share in a message"): its text with the
 * characters left near the limit and Ctrl or ⌘+Enter to send, the server's refusal, Send and Cancel.
 */
export function MessageFields({
  form,
  rows,
  sending,
  onSend,
  onCancel,
}: {
  form: MessageForm;
  rows: number;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { errors } = form.formState;
  const left = charactersLeft(form.watch("text").length);
  return (
    <>
      <TextArea
        label="Your message"
        required
        rows={rows}
        maxLength={MESSAGE_MAX_LENGTH}
        hint={left ?? "Ctrl+Enter or ⌘+Enter sends."}
        error={errors.text?.message}
        onKeyDown={(e) => {
          if (isSendKey(e.nativeEvent)) {
            e.preventDefault();
            onSend();
          }
        }}
        {...form.register("text")}
      />
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={sending}>
          {sending ? "Sending…" : "Send"}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
