import type { MediaItem } from "./types";

/** How often a page showing a video still being converted asks whether it is ready. */
export const PROCESSING_POLL_MS = 4000;

/** What the member is told while a video is converted, and when that failed. */
export const PROCESSING_LABEL = "Processing…";
export const PROCESSING_NOTE =
  "This video is being prepared to play on every phone and browser. It will play here in a minute or two.";
export const PROCESSING_FAILED =
  "This video could not be converted to play in every browser. It is kept as uploaded and may not play here.";

/** A refetch interval for a query of media: every few seconds while one of them is being converted. */
export function pollWhileProcessing(items: readonly Pick<MediaItem, "processing">[] | undefined): number | false {
  return items?.some((i) => i.processing === "processing") ? PROCESSING_POLL_MS : false;
}
