import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "../file-store";
import { detectType } from "./detect";
import { storeUpload } from "./process";
import { ffmpegAvailable } from "./video";

const root = mkdtempSync(join(tmpdir(), "club-process-"));
afterAll(() => {
  chmodSync(join(root, "app"), 0o755);
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!(await ffmpegAvailable()))("storing a video", () => {
  it("writes its metadata-free copy into a folder of its own under tmpDir, never beside the input, and removes it", async () => {
    // The input sits in a folder of the app's own files (read-only in the image).
    const appDir = join(root, "app");
    mkdirSync(appDir);
    const input = join(appDir, "teaser.mp4");
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=1:size=64x48:rate=10",
      "-pix_fmt",
      "yuv420p",
      input,
    ]);
    chmodSync(appDir, 0o555);
    const type = await detectType(input);
    if (!type) throw new Error("expected an MP4");
    const work = join(root, "data", "tmp");
    const seen: string[] = [];
    // Watch the temporary folder while ffmpeg writes there.
    const watching = setInterval(() => {
      try {
        seen.push(...readdirSync(work));
      } catch {}
    }, 5);
    const stored = await storeUpload(
      createFileStore(join(root, "data", "media")),
      { path: input, size: statSync(input).size },
      type,
      "media/x",
      { tmpDir: work },
    );
    clearInterval(watching);
    expect(stored.storageKey).toBe("media/x/video.mp4");
    expect(readdirSync(appDir)).toEqual(["teaser.mp4"]);
    expect(seen.some((name) => name.startsWith("clean-"))).toBe(true);
    expect(readdirSync(work)).toEqual([]);
  });
});
