import { thumbHashToDataURL } from "thumbhash";
import { describe, expect, it } from "vitest";
import { placeholderUrl, srcSetOf } from "./responsive";

describe("srcSetOf", () => {
  it("lists each copy with its width, and nothing for a video", () => {
    const sources = [
      { url: "/media/a/thumb.webp", width: 480, height: 320 },
      { url: "/media/a/medium.webp", width: 1024, height: 683 },
      { url: "/media/a/display.webp", width: 2048, height: 1365 },
    ];
    expect(srcSetOf({ sources })).toBe(
      "/media/a/thumb.webp 480w, /media/a/medium.webp 1024w, /media/a/display.webp 2048w",
    );
    expect(srcSetOf({ sources: [] })).toBeUndefined();
  });
});

describe("placeholderUrl", () => {
  it("turns a ThumbHash into a PNG data URL, and ignores a broken one", () => {
    // The ThumbHash the server makes (thumbHashOf) of a 64×48 red photo.
    expect(placeholderUrl("WSoDBYCHiIh4h3eAeHd3cXeIcIgI")).toMatch(/^data:image\/png;base64,/);
    expect(placeholderUrl(null)).toBeUndefined();
    expect(placeholderUrl("!!")).toBeUndefined();
  });
});

/**
 * A PNG data URL's width, height and pixels' mean colour. ThumbHash writes it uncompressed: after
 * IHDR (ending at byte 33), IDAT's length and name (8) and the zlib header (2), each row is a stored
 * block of its own: the block's header (5), the row's filter byte (1), then its pixels.
 */
function pngOf(url: string) {
  const bytes = Uint8Array.from(atob(url.split(",")[1]!), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const [w, h] = [view.getUint32(16), view.getUint32(20)];
  const sum = [0, 0, 0];
  for (let y = 0; y < h; y++) {
    const row = 33 + 8 + 2 + y * (5 + 1 + w * 4) + 5 + 1;
    for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) sum[c]! += bytes[row + x * 4 + c]!;
  }
  return { w, h, mean: sum.map((v) => v / (w * h)), length: url.length };
}

describe("the preview in a page", () => {
  it("is 12 pixels on its longest side, a fifth of the library's bytes, and of the photo's colour", () => {
    // The ThumbHash of a 100×75 picture: a gradient from yellow to blue with a dark patch.
    const hash = "LAkGTYaAm3eCd4eaVmeHd2911PRX";
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    const preview = pngOf(placeholderUrl(hash)!);
    const library = pngOf(thumbHashToDataURL(bytes));
    expect(Math.max(preview.w, preview.h)).toBe(12);
    expect(preview.w / preview.h).toBeCloseTo(library.w / library.h, 0);
    expect(preview.length).toBeLessThan(library.length / 5);
    for (const [c, v] of preview.mean.entries()) expect(Math.abs(v - library.mean[c]!)).toBeLessThan(3);
  });
});
