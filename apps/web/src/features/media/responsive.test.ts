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
