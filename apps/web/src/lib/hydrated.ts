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

let stopLeavingLinks: (() => void) | undefined;

/**
 * Until the app has taken over a page the server rendered, a click on a link is the browser's: it
 * loads the address as a plain page would. Left to the app while React was taking the page over,
 * such a click could be lost: the page stayed as it was (seen in a full end-to-end run, a link of
 * the admins' dashboard clicked as the app mounted). The links are the router's from
 * `appTookOver` on.
 */
export function leaveLinksToTheBrowser(doc: Document): void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    // Stopped on its way down, before React's listener on the app's root: no handler of the app
    // runs, nothing prevents the browser's own following of the link.
    if (target?.closest("a[href]")) event.stopPropagation();
  };
  doc.addEventListener("click", onClick, true);
  stopLeavingLinks = () => doc.removeEventListener("click", onClick, true);
}

/** The app runs the page: its links are its router's again. */
export function appTookOver(): void {
  stopLeavingLinks?.();
  stopLeavingLinks = undefined;
}
