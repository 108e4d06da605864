import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the page is the server's HTML (on the server, and in the browser's first render that
 * takes it over), true once the app runs it. React renders with the server's answer while hydrating
 * and re-renders with the browser's right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
