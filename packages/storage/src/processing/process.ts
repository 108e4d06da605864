/// <reference path="./heic-decode.d.ts" />
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import type { MediaStore } from "../media-store";
import type { AcceptedType } from "./detect";
import { thumbHashOf } from "./placeholder";
import {
  ffmpegAvailable,
  type PlaybackPlan,
  playbackPlan,
  probeVideo,
  videoPoster,
  withoutVideoMetadata,
} from "./video";

export interface StoredUpload {
  storageKey: string;
  displayKey: string | null;
  mediumKey: string | null;
  thumbnailKey: string | null;
  /** A ThumbHash (base64) of the photo or the video's poster: the page's blurred preview. */
  placeholder: string | null;
  contentType: string;
  sizeBytes: number;
  /** As shown (after rotation); null when it could not be read (a video without ffmpeg). */
  width: number | null;
  height: number | null;
  /** What a video needs before every browser plays it; null for photos and without ffmpeg. */
  playback: PlaybackPlan | null;
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

/** The video runs longer than members may upload; converting it would hold a worker too long. */
export class VideoTooLong extends Error {
  constructor(readonly limitSeconds: number) {
    const minutes = limitSeconds / 60;
    const amount = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(1);
    super(
      `Videos can be at most ${amount} minute${minutes === 1 ? "" : "s"} long. ` +
        "Trim this one, or split it into shorter videos.",
    );
    this.name = "VideoTooLong";
  }
}

/** A photo's copies by the longest side they may have; the page picks one by its width (srcset). */
const DISPLAY_PX = 2048;
const MEDIUM_PX = 1024;
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
 * they are, with a poster frame, and probed for what they need to play everywhere (`playback`: the
 * transcoding job makes that version); without ffmpeg they are stored as uploaded.
 *
 * The metadata-free copy is written into a folder of its own under `options.tmpDir` (the server's
 * DATA_DIR/tmp; the OS's temporary folder when absent), never beside the input: the input may sit
 * where this process cannot write (the demo video among the app's read-only files).
 */
export async function storeUpload(
  store: MediaStore,
  file: { path: string; size: number },
  type: AcceptedType,
  prefix: string,
  options: { maxVideoSeconds?: number | undefined; tmpDir?: string | undefined } = {},
): Promise<StoredUpload> {
  const written: string[] = [];
  const put = async (key: string, data: Buffer, contentType: string) => {
    await putBuffer(store, key, data, contentType);
    written.push(key);
  };
  try {
    if (type.mediaType === "image") {
      const animated = type.mime === "image/gif";
      const { display, medium, thumb, width, height, placeholder } = await renderImage(file.path, type, animated).catch(
        () => {
          throw new UnreadableMedia("image");
        },
      );
      await put(`${prefix}/display.webp`, display, "image/webp");
      if (medium) await put(`${prefix}/medium.webp`, medium, "image/webp");
      await put(`${prefix}/thumb.webp`, thumb, "image/webp");
      return {
        storageKey: `${prefix}/display.webp`,
        displayKey: `${prefix}/display.webp`,
        mediumKey: medium ? `${prefix}/medium.webp` : null,
        thumbnailKey: `${prefix}/thumb.webp`,
        placeholder,
        contentType: "image/webp",
        sizeBytes: display.length,
        width,
        height,
        playback: null,
      };
    }
    const key = `${prefix}/video.${type.ext}`;
    if (!(await ffmpegAvailable())) {
      // Stored as uploaded (the server said so at start).
      await store.put(key, createReadStream(file.path), type.mime, file.size);
      written.push(key);
      return {
        storageKey: key,
        contentType: type.mime,
        sizeBytes: file.size,
        ...{ displayKey: null, mediumKey: null, thumbnailKey: null, placeholder: null },
        ...{ width: null, height: null, playback: null },
      };
    }
    const parent = options.tmpDir ?? tmpdir();
    await mkdir(parent, { recursive: true });
    const workDir = await mkdtemp(join(parent, "clean-"));
    const clean = join(workDir, `video.${type.ext}`);
    try {
      if (!(await withoutVideoMetadata(file.path, clean, type.ext))) throw new UnreadableMedia("video");
      const probe = await probeVideo(clean).catch(() => {
        throw new UnreadableMedia("video");
      });
      if (!probe.videoCodec) throw new UnreadableMedia("video");
      // Read from the copy ffmpeg has just written (its length from the timestamps of what it
      // copied, not what the upload's header claimed), before anything is stored.
      if (options.maxVideoSeconds && (probe.durationSeconds ?? 0) > options.maxVideoSeconds) {
        throw new VideoTooLong(options.maxVideoSeconds);
      }
      const size = (await stat(clean)).size;
      await store.put(key, createReadStream(clean), type.mime, size);
      written.push(key);
      const poster = await videoPoster(clean, THUMB_PX);
      if (poster) await put(`${prefix}/poster.webp`, poster, "image/webp");
      return {
        storageKey: key,
        displayKey: null,
        mediumKey: null,
        thumbnailKey: poster ? `${prefix}/poster.webp` : null,
        placeholder: poster ? await thumbHashOf(sharp(poster)) : null,
        contentType: type.mime,
        sizeBytes: size,
        width: probe.width,
        height: probe.height,
        playback: playbackPlan(probe, type.ext),
      };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  } catch (err) {
    // Nothing half-stored: whatever was written goes again. If the store refuses that too, the
    // failure above is still what the caller must hear; what stays is reported by the daily
    // housekeeping (unreferenced objects) for the operator.
    await Promise.all(written.map((k) => store.delete(k).catch(() => {})));
    throw err;
  }
}

async function renderImage(path: string, type: AcceptedType, animated: boolean) {
  const source = type.ext === "heic" || type.ext === "heif" ? await heicToSharp(path) : sharp(path, { animated });
  const copy = (px: number, quality: number) =>
    source
      .clone()
      .rotate()
      .resize({ width: px, height: px, fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  const { data: display, info } = await copy(DISPLAY_PX, 86);
  // An animated GIF's height is its frames' stacked; the page shows one frame.
  const height = info.pageHeight ?? info.height;
  // A photo no larger than the medium size needs no medium copy: the display copy is it.
  const medium = Math.max(info.width, height) > MEDIUM_PX ? (await copy(MEDIUM_PX, 82)).data : null;
  const thumb = (await copy(THUMB_PX, 78)).data;
  const placeholder = await thumbHashOf(sharp(thumb, { animated: false }));
  return { display, medium, thumb, width: info.width, height, placeholder };
}
