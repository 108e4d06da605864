import type sharp from "sharp";
import { rgbaToThumbHash } from "thumbhash";

/**
 * A ThumbHash of an image: about 25 bytes that a page turns into a blurred preview of it (colours,
 * shapes, aspect) while the image itself loads. ThumbHash takes at most 100×100 pixels.
 */
export async function thumbHashOf(image: sharp.Sharp): Promise<string> {
  const { data, info } = await image
    .resize({ width: 100, height: 100, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}
