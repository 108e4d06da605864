import { useSyncExternalStore } from "react";

/**
 * Whether the window matches `query` (a CSS media query), following it as the window changes. The
 * server has no window: there it is false, the desktop's answer.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Narrower than Tailwind's `lg` (1024 px): a phone or a tablet held upright, one column. */
export const NARROW = "(max-width: 1023.98px)";

/** The visitor asked her system for less motion. */
export const LESS_MOTION = "(prefers-reduced-motion: reduce)";
