import { rgbaToDataURL, thumbHashToRGBA } from "thumbhash";
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

/**
 * The preview's longest side, in pixels. A ThumbHash decodes to 32 px, and the library writes its
 * PNG uncompressed: 4.2 KB of data URL per photo, in every rendered page's HTML (30 of them made a
 * gallery page of 187 KB). Scaled to 12 px it is 0.75 KB, and the browser's smoothing, stretching
 * it over the tile, blurs it the same: side by side at 300 px the two cannot be told apart.
 */
const PREVIEW_PIXELS = 12;

type Rgba = { w: number; h: number; rgba: Uint8Array };

/** The image scaled down so that its longest side is `longest`, each pixel the mean of those it covers. */
function shrink({ w, h, rgba }: Rgba, longest: number): Rgba {
  const scale = Math.min(1, longest / Math.max(w, h));
  const tw = Math.max(1, Math.round(w * scale));
  const th = Math.max(1, Math.round(h * scale));
  const out = new Uint8Array(tw * th * 4);
  for (let y = 0; y < th; y++) {
    const [y0, y1] = [Math.floor((y * h) / th), Math.floor(((y + 1) * h) / th)];
    for (let x = 0; x < tw; x++) {
      const [x0, x1] = [Math.floor((x * w) / tw), Math.floor(((x + 1) * w) / tw)];
      const count = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let sy = y0; sy < y1; sy++) for (let sx = x0; sx < x1; sx++) sum += rgba[(sy * w + sx) * 4 + c] ?? 0;
        out[(y * tw + x) * 4 + c] = Math.round(sum / count);
      }
    }
  }
  return { w: tw, h: th, rgba: out };
}

/** The blurred preview of a ThumbHash as an image URL, made once per hash. */
export function placeholderUrl(hash: string | null): string | undefined {
  if (!hash) return undefined;
  let url = previews.get(hash);
  if (!url) {
    try {
      const { w, h, rgba } = shrink(
        thumbHashToRGBA(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0))),
        PREVIEW_PIXELS,
      );
      url = rgbaToDataURL(w, h, rgba);
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
