/// <reference path="./heic-decode.d.ts" />
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
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

/** The file's bytes do not decode as the type they claim (a damaged or disguised file). */
export class UnreadableMedia extends Error {
  constructor(readonly mediaType: "image" | "video") {
    super(
      `This ${mediaType === "image" ? "photo" : "video"} could not be read; the file may be damaged. ` +
        "Only photos (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, WebM, QuickTime) can be uploaded.",
    );
    this.name = "UnreadableMedia";
  }
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

/** A new item's key prefix: every object of one media item lives under it. */
export const newObjectPrefix = () => `media/${randomUUID()}`;

/**
 * Images: turned upright from their EXIF orientation and re-encoded without metadata (GPS
 * included) as a display size and a thumbnail; the original file is not kept. Videos: remuxed
 * without metadata (location, device, comments) and without data tracks, the streams copied as
 * they are, with a poster frame; without ffmpeg they are stored as uploaded.
 */
export async function storeUpload(
  store: MediaStore,
  file: { path: string; size: number },
  type: AcceptedType,
  prefix: string,
): Promise<StoredUpload> {
  const written: string[] = [];
  const put = async (key: string, data: Buffer, contentType: string) => {
    await putBuffer(store, key, data, contentType);
    written.push(key);
  };
  try {
    if (type.mediaType === "image") {
      const animated = type.mime === "image/gif";
      const { display, thumb } = await renderImage(file.path, type, animated).catch(() => {
        throw new UnreadableMedia("image");
      });
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
    const clean = await withoutVideoMetadata(file.path, type.ext);
    try {
      const source = clean ?? file.path;
      const size = clean ? (await stat(clean)).size : file.size;
      await store.put(key, createReadStream(source), type.mime, size);
      written.push(key);
      const poster = await videoPoster(source);
      if (poster) await put(`${prefix}/poster.webp`, poster, "image/webp");
      return {
        storageKey: key,
        displayKey: null,
        thumbnailKey: poster ? `${prefix}/poster.webp` : null,
        contentType: type.mime,
        sizeBytes: size,
      };
    } finally {
      if (clean) await rm(clean, { force: true });
    }
  } catch (err) {
    // Nothing half-stored: whatever was written goes again.
    await Promise.all(written.map((k) => store.delete(k).catch(() => {})));
    throw err;
  }
}

async function renderImage(path: string, type: AcceptedType, animated: boolean) {
  const source = type.ext === "heic" || type.ext === "heif" ? await heicToSharp(path) : sharp(path, { animated });
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
  return { display, thumb };
}

let ffmpegFound: Promise<boolean> | undefined;
/** Whether ffmpeg can be run here (asked once per process). */
export function ffmpegAvailable(): Promise<boolean> {
  ffmpegFound ??= run("ffmpeg", ["-version"], { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  return ffmpegFound;
}

const MUXERS: Record<string, string> = { mp4: "mp4", mov: "mov", webm: "webm" };

/**
 * A copy of the video without its metadata: phones write the place (GPS), the device and free-text
 * comments into the container, and an iPhone adds timed location in a data track. The video and
 * audio streams are copied as they are (no re-encoding, rotation kept); everything else is left
 * out. Undefined when ffmpeg is missing (the video is then stored as uploaded; the server says so
 * at start). A file ffmpeg cannot read is refused rather than stored with its metadata.
 */
async function withoutVideoMetadata(path: string, ext: string): Promise<string | undefined> {
  if (!(await ffmpegAvailable())) return undefined;
  const out = `${path}.clean.${ext}`;
  const args = ["-v", "error", "-y", "-i", path, "-map", "0:V?", "-map", "0:a?", "-dn", "-sn"];
  args.push("-map_metadata", "-1", "-map_chapters", "-1", "-c", "copy", "-fflags", "+bitexact");
  if (ext !== "webm") args.push("-movflags", "+faststart");
  args.push("-f", MUXERS[ext] ?? "mp4", out);
  try {
    await run("ffmpeg", args, { timeout: 10 * 60_000, maxBuffer: 1024 * 1024 });
  } catch {
    await rm(out, { force: true });
    throw new UnreadableMedia("video");
  }
  return out;
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
