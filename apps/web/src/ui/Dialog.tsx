import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { cn } from "./cn";

/** A modal on Radix: focus is trapped, Escape closes, the page behind does not scroll. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = "md",
  onCloseAutoFocus,
  focusDialog = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: "md" | "lg" | "xl";
  /** Where focus goes once it closes (by default back where it was when it opened). */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * On opening, focus the dialog itself rather than its first field: on a phone a focused field
   * opens the keyboard over what the dialog shows.
   */
  focusDialog?: boolean;
}) {
  const content = useRef<HTMLDivElement>(null);
  const widths = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[92vh] outline-none w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-card p-6 shadow-xl sm:p-8",
            widths[size],
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          ref={content}
          {...(focusDialog
            ? {
                onOpenAutoFocus: (event: Event) => {
                  event.preventDefault();
                  content.current?.focus();
                },
              }
            : {})}
        >
          <RadixDialog.Title className="font-serif text-3xl text-ink">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-ink-soft">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
