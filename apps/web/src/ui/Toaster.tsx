import { Toaster as Sonner } from "sonner";

/**
 * Transient results ("Saved", "Invitation sent", a refusal) appear here, read out by screen readers,
 * and go by themselves. Form validation and the spec's inline texts stay next to their fields.
 */
export function Toaster() {
  return (
    <Sonner position="top-center" closeButton richColors toastOptions={{ className: "font-sans", duration: 5000 }} />
  );
}
