import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A small JPEG photo at `path`, drawn by ffmpeg (which the server needs for video anyway). */
export function writePhoto(path: string, colour = "steelblue"): void {
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `color=c=${colour}:s=64x48`,
    "-frames:v",
    "1",
    path,
  ]);
}

/** The server tests' four-kilobyte H.264 clip, copied to `path`. */
export function writeClip(path: string): void {
  copyFileSync(fileURLToPath(new URL("../../apps/server/src/test/fixtures/clip.mp4", import.meta.url)), path);
}
