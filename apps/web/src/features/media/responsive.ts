import { thumbHashToDataURL } from "thumbhash";
import type { MediaItem } from "./types";

/** `srcset` from a photo's copies: the browser picks by the space the image takes and the screen. */
export function srcSetOf(item: Pick<MediaItem, "sources">): string | undefined {
  return item.sources.length > 0 ? item.sources.map((s) => `${s.url} ${s.width}w`).join(", ") : undefined;
}

/**
 * How wide a tile is: 3 columns on tablets, 5 (gallery) or 4 (event) from 1024 px. On phones a tile
 * is half the screen, but it is declared as 36% of it: a 3× phone then takes the 480 px copy
 * (about 2.6 pixels a point, sharp at tile size) rather than the 1024 px one, three times the bytes.
 */
export const TILE_SIZES = {
  gallery: "(min-width: 1152px) 210px, (min-width: 1024px) 19vw, (min-width: 640px) 31vw, 36vw",
  event: "(min-width: 1152px) 265px, (min-width: 1024px) 24vw, (min-width: 640px) 31vw, 36vw",
} as const;

/** The media modal's picture: 3/5 of the dialog from 1024 px, the screen's width below. */
export const MODAL_SIZES = "(min-width: 1024px) 490px, 92vw";

const previews = new Map<string, string>();

/** The blurred preview of a ThumbHash as an image URL, made once per hash. */
export function placeholderUrl(hash: string | null): string | undefined {
  if (!hash) return undefined;
  let url = previews.get(hash);
  if (!url) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    } catch {
      return undefined;
    }
    previews.set(hash, url);
  }
  return url;
}

/** Styles that show the preview behind an image until the image covers it. */
export function placeholderStyle(hash: string | null): { backgroundImage: string; backgroundSize: string } | undefined {
  const url = placeholderUrl(hash);
  return url ? { backgroundImage: `url(${url})`, backgroundSize: "cover" } : undefined;
}
