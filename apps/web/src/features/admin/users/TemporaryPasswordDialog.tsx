import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";

export interface ResetDone {
  name: string;
  temporaryPassword: string;
}

/**
 * The temporary password, shown once after a reset for the admin to pass on (in the spec's words,
 * "Password reset to {key}"): not printed on every row, and gone when the dialog closes.
 */
export function TemporaryPasswordDialog({ done, onClose }: { done: ResetDone | undefined; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      toast.error("The password could not be copied: select it and copy it yourself.");
    }
  };
  return (
    <Dialog
      open={Boolean(done)}
      onOpenChange={(open) => !open && close()}
      title={done ? `${done.name}'s temporary password` : ""}
      description="She must choose a new password when she next signs in. This one is not shown again here."
    >
      {done ? (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-paper px-4 py-3">
            <p role="status" className="flex flex-1 flex-col gap-1">
              <span className="text-sm text-ink-soft">Password reset to</span>{" "}
              <code className="font-mono text-xl tracking-wide break-all text-ink select-all">
                {done.temporaryPassword}
              </code>
            </p>
            <Button variant="secondary" onClick={() => copy(done.temporaryPassword)}>
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <div>
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
