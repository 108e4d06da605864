/// <reference path="./heic-decode.d.ts" />
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import sharp from "sharp";
import type { MediaStore } from "../media-store";
import type { AcceptedType } from "./detect";

const run = promisify(execFile);

export interface StoredUpload {
  storageKey: string;
  displayKey: string | null;
  thumbnailKey: string | null;
  contentType: string;
  sizeBytes: number;
}

const DISPLAY_PX = 2048;
const THUMB_PX = 480;

/** HEIC photos (HEVC inside) are decoded in WebAssembly: libvips' prebuilt binary lacks the codec. */
async function heicToSharp(path: string): Promise<sharp.Sharp> {
  const { default: decode } = await import("heic-decode");
  const { width, height, data } = await decode({ buffer: await readFile(path) });
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}

async function putBuffer(store: MediaStore, key: string, data: Buffer, contentType: string) {
  await store.put(key, Readable.from([data]), contentType, data.length);
}

/**
 * Images: turned upright from their EXIF orientation and re-encoded without metadata (GPS
 * included) as a display size and a thumbnail; the original file is not kept. Videos: stored
 * as they are, with a poster frame when ffmpeg is installed.
 */
export async function storeUpload(
  store: MediaStore,
  file: { path: string; size: number },
  type: AcceptedType,
): Promise<StoredUpload> {
  const prefix = `media/${randomUUID()}`;
  const written: string[] = [];
  const put = async (key: string, data: Buffer, contentType: string) => {
    await putBuffer(store, key, data, contentType);
    written.push(key);
  };
  try {
    if (type.mediaType === "image") {
      const animated = type.mime === "image/gif";
      const source =
        type.ext === "heic" || type.ext === "heif" ? await heicToSharp(file.path) : sharp(file.path, { animated });
      const display = await source
        .clone()
        .rotate()
        .resize({ width: DISPLAY_PX, height: DISPLAY_PX, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 86 })
        .toBuffer();
      const thumb = await source
        .clone()
        .rotate()
        .resize({ width: THUMB_PX, height: THUMB_PX, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      await put(`${prefix}/display.webp`, display, "image/webp");
      await put(`${prefix}/thumb.webp`, thumb, "image/webp");
      return {
        storageKey: `${prefix}/display.webp`,
        displayKey: `${prefix}/display.webp`,
        thumbnailKey: `${prefix}/thumb.webp`,
        contentType: "image/webp",
        sizeBytes: display.length,
      };
    }
    const key = `${prefix}/video.${type.ext}`;
    await store.put(key, createReadStream(file.path), type.mime, file.size);
    written.push(key);
    const poster = await videoPoster(file.path);
    if (poster) await put(`${prefix}/poster.webp`, poster, "image/webp");
    return {
      storageKey: key,
      displayKey: null,
      thumbnailKey: poster ? `${prefix}/poster.webp` : null,
      contentType: type.mime,
      sizeBytes: file.size,
    };
  } catch (err) {
    // Nothing half-stored: whatever was written goes again.
    await Promise.all(written.map((k) => store.delete(k).catch(() => {})));
    throw err;
  }
}

/** A frame one second in (or the first), as a thumbnail; undefined when ffmpeg is missing or fails. */
async function videoPoster(path: string): Promise<Buffer | undefined> {
  for (const seek of ["1", "0"]) {
    try {
      const { stdout } = await run(
        "ffmpeg",
        ["-v", "error", "-ss", seek, "-i", path, "-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "pipe:1"],
        { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
      );
      if (stdout.length > 0) {
        return sharp(stdout)
          .resize({ width: THUMB_PX, height: THUMB_PX, fit: "inside" })
          .webp({ quality: 78 })
          .toBuffer();
      }
    } catch {
      // No ffmpeg, or no frame at that time: try the next, then give up quietly.
    }
  }
  return undefined;
}
