/// <reference path="./heic-decode.d.ts" />
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import sharp from "sharp";
import type { MediaStore } from "../media-store";
import { type AcceptedType, detectType } from "./detect";
import { thumbHashOf } from "./placeholder";
import { UnreadableMedia } from "./process";

/** A portrait's square copies, by side: the directory's cards and names use the small one. */
export const PORTRAIT_SIZES = [160, 512] as const;

export const PORTRAIT_NOT_A_PHOTO = "A portrait must be a photo (JPEG, PNG, WebP, GIF or HEIC).";

/** A portrait was refused for what the file is (not a photo, or one that does not decode). */
export class NotAPortrait extends Error {
  constructor(message = PORTRAIT_NOT_A_PHOTO) {
    super(message);
    this.name = "NotAPortrait";
  }
}

export interface StoredPortrait {
  /** `portraits/<uuid>`: its copies are `<prefix>/<size>.webp`. */
  prefix: string;
  placeholder: string;
}

/**
 * A member's portrait: the photo turned upright, cropped square around what draws the eye (libvips'
 * attention strategy: faces and contrast, not the middle of a full-length photo), and stored as
 * WebP copies without metadata (location included), as every photo is. Nothing is stored when the
 * file is not a photo; a failure half-way removes what was written.
 */
export async function storePortrait(store: MediaStore, path: string): Promise<StoredPortrait> {
  const type = await detectType(path);
  if (type?.mediaType !== "image") throw new NotAPortrait();
  const source = await open(path, type);
  const prefix = `portraits/${randomUUID()}`;
  const written: string[] = [];
  try {
    let smallest: Buffer | undefined;
    for (const side of PORTRAIT_SIZES) {
      const data = await source
        .clone()
        .rotate()
        .resize({ width: side, height: side, fit: "cover", position: sharp.strategy.attention })
        .webp({ quality: 82 })
        .toBuffer()
        .catch(() => {
          throw new NotAPortrait(new UnreadableMedia("image").message);
        });
      const key = `${prefix}/${side}.webp`;
      await store.put(key, Readable.from([data]), "image/webp", data.length);
      written.push(key);
      smallest ??= data;
    }
    const placeholder = await thumbHashOf(sharp(smallest));
    return { prefix, placeholder };
  } catch (err) {
    // Nothing half-stored (see process.ts: what the store keeps is reported by the housekeeping).
    await Promise.all(written.map((k) => store.delete(k).catch(() => {})));
    throw err;
  }
}

async function open(path: string, type: AcceptedType): Promise<sharp.Sharp> {
  if (type.ext === "heic" || type.ext === "heif") {
    const { default: decode } = await import("heic-decode");
    const { width, height, data } = await decode({ buffer: await readFile(path) }).catch(() => {
      throw new NotAPortrait(new UnreadableMedia("image").message);
    });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  }
  // One frame of an animated GIF.
  return sharp(path, { animated: false });
}
