import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import superjson from "superjson";
import { setDisplayZone } from "./time-zone";

/**
 * The query cache of a page rendered on the server travels in the page as JSON (superjson, for the
 * dates), in a non-executed script element, so the browser starts with the data the HTML was made
 * from and renders the same tree.
 */
export const PAGE_STATE_ID = "club-state";

/** The cache as the text of a `<script type="application/json">`: `<` escaped, so no data can close the element. */
export function pageStateText(queryClient: QueryClient): string {
  return superjson
    .stringify(dehydrate(queryClient))
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Fills the browser's cache from the page, once, and shows moments in the zone the server rendered
 * them in; false when the page was not rendered on the server.
 */
export function hydratePageState(queryClient: QueryClient, doc: Document): boolean {
  const element = doc.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return false;
  hydrate(queryClient, superjson.parse<DehydratedState>(element.textContent));
  setDisplayZone(element.dataset.timeZone);
  element.remove();
  return true;
}
