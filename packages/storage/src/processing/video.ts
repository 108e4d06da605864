import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { setPriority } from "node:os";
import { promisify } from "node:util";
import sharp from "sharp";

const run = promisify(execFile);

let ffmpegFound: Promise<boolean> | undefined;
/** Whether ffmpeg and ffprobe can be run here (asked once per process). */
export function ffmpegAvailable(): Promise<boolean> {
  ffmpegFound ??= Promise.all([
    run("ffmpeg", ["-version"], { timeout: 10_000 }),
    run("ffprobe", ["-version"], { timeout: 10_000 }),
  ]).then(
    () => true,
    () => false,
  );
  return ffmpegFound;
}

/** What ffprobe says of a video, as far as playback is concerned. */
export interface VideoProbe {
  videoCodec: string | null;
  pixelFormat: string | null;
  audioCodec: string | null;
  /** As shown: a phone's portrait clip stored 1920×1080 with a 90° rotation is 1080×1920. */
  width: number | null;
  height: number | null;
  /** Degrees the player must turn the picture (the display matrix a phone writes); 0 for none. */
  rotation: number;
  durationSeconds: number | null;
}

/** A field of ffprobe's JSON; a field that is absent, or of another type than expected, reads as undefined. */
const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const number = (value: unknown) => (typeof value === "number" ? value : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** What playback needs of one of ffprobe's streams. */
function ffprobeStream(s: unknown) {
  return {
    codec_type: text(field(s, "codec_type")),
    codec_name: text(field(s, "codec_name")),
    pix_fmt: text(field(s, "pix_fmt")),
    width: number(field(s, "width")),
    height: number(field(s, "height")),
    attachedPicture: Boolean(field(field(s, "disposition"), "attached_pic")),
    /** The display matrix's rotation (a phone's), else the older `rotate` tag. */
    matrix: list(field(s, "side_data_list"))
      .map((d) => number(field(d, "rotation")))
      .find((r) => r !== undefined),
    rotateTag: field(field(s, "tags"), "rotate"),
  };
}

export async function probeVideo(path: string): Promise<VideoProbe> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", path], {
    timeout: 60_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  const info: unknown = JSON.parse(stdout);
  const streams = list(field(info, "streams")).map(ffprobeStream);
  // Cover art is a "video" stream too; the picture that plays is the first one that is not.
  const video = streams.find((s) => s.codec_type === "video" && !s.attachedPicture);
  const audio = streams.find((s) => s.codec_type === "audio");
  const rotation = ((Math.round(video?.matrix ?? Number(video?.rotateTag ?? 0)) % 360) + 360) % 360;
  const sideways = rotation === 90 || rotation === 270;
  const duration = Number(field(field(info, "format"), "duration"));
  return {
    videoCodec: video?.codec_name ?? null,
    pixelFormat: video?.pix_fmt ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: (sideways ? video?.height : video?.width) ?? null,
    height: (sideways ? video?.width : video?.height) ?? null,
    rotation,
    durationSeconds: Number.isFinite(duration) ? duration : null,
  };
}

/**
 * What a video needs before every browser plays it: nothing (H.264 in 8-bit 4:2:0 with AAC or no
 * sound, upright, already in MP4), a new container (the same streams from a QuickTime file into
 * MP4), or a new encoding (HEVC from an iPhone, VP9 WebM, a rotation to apply, 10-bit colour).
 */
export type PlaybackPlan = "as-is" | "remux" | "transcode";

export function playbackPlan(probe: VideoProbe, container: string): PlaybackPlan {
  const videoOk = probe.videoCodec === "h264" && probe.pixelFormat === "yuv420p" && probe.rotation === 0;
  const audioOk = probe.audioCodec === null || probe.audioCodec === "aac";
  if (!videoOk || !audioOk) return "transcode";
  return container === "mp4" ? "as-is" : "remux";
}

/** The playable version's bounds: 1080p, turned for portrait clips; never enlarged. */
const SCALE =
  "scale=w='min(iw,if(gte(iw,ih),1920,1080))':h='min(ih,if(gte(iw,ih),1080,1920))'" +
  ":force_original_aspect_ratio=decrease:force_divisible_by=2";

/** ffmpeg's arguments for the playable version of `input` (see `playbackPlan`). */
export function playbackArgs(input: string, output: string, plan: Exclude<PlaybackPlan, "as-is">, probe: VideoProbe) {
  const args = ["-v", "error", "-y", "-i", input, "-map", "0:V:0", "-map", "0:a:0?", "-dn", "-sn"];
  args.push("-map_metadata", "-1", "-map_chapters", "-1");
  if (plan === "remux") {
    args.push("-c", "copy");
  } else {
    // ffmpeg applies the rotation while decoding (autorotate) and writes no display matrix.
    args.push("-vf", SCALE, "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p");
    args.push("-profile:v", "high", "-c:a", probe.audioCodec === "aac" ? "copy" : "aac", "-b:a", "160k");
  }
  args.push("-movflags", "+faststart", "-fflags", "+bitexact", "-f", "mp4", output);
  return args;
}

/** The longest any conversion may run: well inside the job's lease (4 hours), which must also cover reading and storing the files. */
const MAX_CONVERSION_MS = 2 * 3600_000;

/**
 * How long ffmpeg may take to make a video playable: ten minutes to start and finish, plus three
 * times the video's length (1080p at the "veryfast" preset encodes faster than it plays on one
 * core of a small server), at most two hours. A file whose frames far outnumber what its length
 * suggests (a crafted one, say) is stopped when its time is up instead of holding the single
 * conversion worker for hours, three tries over; a length that cannot be read gets the two hours.
 */
export function conversionTimeoutMs(durationSeconds: number | null): number {
  if (durationSeconds === null || !Number.isFinite(durationSeconds)) return MAX_CONVERSION_MS;
  return Math.min(MAX_CONVERSION_MS, 10 * 60_000 + Math.ceil(3 * Math.max(0, durationSeconds) * 1000));
}

/**
 * Writes the playable version of `input` to `output`. ffmpeg runs at a lower priority than the
 * server, so pages stay quick while a video is encoded; `signal` stops it (the server stopping),
 * and it is stopped when it runs longer than the video's length allows (`conversionTimeoutMs`).
 */
export async function makePlayable(
  input: string,
  output: string,
  plan: Exclude<PlaybackPlan, "as-is">,
  probe: VideoProbe,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<void> {
  const pending = run("ffmpeg", playbackArgs(input, output, plan, probe), {
    timeout: options.timeoutMs ?? conversionTimeoutMs(probe.durationSeconds),
    maxBuffer: 1024 * 1024,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const pid = pending.child.pid;
  if (pid) {
    try {
      setPriority(pid, 10);
    } catch {
      // Not permitted here: it runs at the server's priority.
    }
  }
  try {
    await pending;
  } catch (err) {
    await rm(output, { force: true });
    const stderr = text(field(err, "stderr"))?.trim().split("\n").slice(-3).join(" ");
    throw new Error(stderr ? `ffmpeg: ${stderr}` : err instanceof Error ? err.message : String(err), { cause: err });
  }
}

const MUXERS: Record<string, string> = { mp4: "mp4", mov: "mov", webm: "webm" };

/**
 * A copy of the video without its metadata: phones write the place (GPS), the device and free-text
 * comments into the container, and an iPhone adds timed location in a data track. The video and
 * audio streams are copied as they are (no re-encoding, rotation kept); everything else is left
 * out. False when ffmpeg cannot read the file.
 */
export async function withoutVideoMetadata(path: string, out: string, ext: string): Promise<boolean> {
  const args = ["-v", "error", "-y", "-i", path, "-map", "0:V?", "-map", "0:a?", "-dn", "-sn"];
  args.push("-map_metadata", "-1", "-map_chapters", "-1", "-c", "copy", "-fflags", "+bitexact");
  if (ext !== "webm") args.push("-movflags", "+faststart");
  args.push("-f", MUXERS[ext] ?? "mp4", out);
  try {
    await run("ffmpeg", args, { timeout: 10 * 60_000, maxBuffer: 1024 * 1024 });
    return true;
  } catch {
    await rm(out, { force: true });
    return false;
  }
}

/** A frame one second in (or the first), upright, as a WebP of at most `px`; undefined when none can be read. */
export async function videoPoster(path: string, px: number): Promise<Buffer | undefined> {
  for (const seek of ["1", "0"]) {
    try {
      const { stdout } = await run(
        "ffmpeg",
        ["-v", "error", "-ss", seek, "-i", path, "-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "pipe:1"],
        { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
      );
      if (stdout.length > 0) {
        return sharp(stdout).resize({ width: px, height: px, fit: "inside" }).webp({ quality: 78 }).toBuffer();
      }
    } catch {
      // No frame at that time: try the next, then give up quietly.
    }
  }
  return undefined;
}
