import type { ReactNode } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

/**
 * Every destructive action asks first, the same way: what will happen, a button that says it
 * ("Yes, Delete") and Cancel. The dialog stays open while the action runs.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description = "This action cannot be undone.",
  confirmLabel,
  onConfirm,
  busy = false,
  tone = "danger",
  keepLabel = "Cancel",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  tone?: "danger" | "primary";
  /** The button that changes nothing: "Keep It" where the action is itself a cancelling. */
  keepLabel?: string;
  /** What the action may take along (a message to send with it). */
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="flex flex-wrap gap-3">
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {keepLabel}
        </Button>
      </div>
    </Dialog>
  );
}
