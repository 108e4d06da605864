import { Toaster as Sonner } from "sonner";

/**
 * Transient results ("Saved", "Invitation sent", a refusal) appear here, read out by screen readers,
 * and go by themselves. Form validation and the spec's inline texts stay next to their fields.
 * Colours are the club's own (the library's "rich colours" are too pale to read comfortably).
 */
export function ToasterView() {
  return (
    <Sonner
      position="top-center"
      // Below the sticky header: a toast must not cover the menu she may reach for next. On a wide
      // screen a member's header is two rows (about 7 rem), on a phone one (4 rem).
      offset={{ top: "7.5rem" }}
      mobileOffset={{ top: "4.75rem" }}
      closeButton
      toastOptions={{
        duration: 5000,
        classNames: {
          toast: "!font-sans !rounded-xl !border !border-line !bg-card !text-ink !shadow-lg",
          description: "!text-ink-soft",
          success: "!border-success/40 !bg-success-soft !text-success",
          error: "!border-danger/40 !bg-danger-soft !text-danger",
          closeButton: "!bg-card !text-ink !border-line",
        },
      }}
    />
  );
}
