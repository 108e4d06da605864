import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { chooseFiles, FOUNDING, screenshot, signIn, titleUpload } from "../fixtures";

/**
 * An iPhone's video, as ffmpeg makes one here: HEVC in QuickTime, held upright (a 90° display
 * matrix). Chromium cannot play HEVC; the club converts it, and the converted copy must play.
 */
function iphoneClip(): string {
  const dir = mkdtempSync(join(tmpdir(), "club-e2e-video-"));
  const plain = join(dir, "plain.mov");
  const out = join(dir, "IMG_0042.MOV");
  const ffmpeg = (...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args]);
  ffmpeg(
    ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=frequency=330"],
    ...["-t", "4", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", "-metadata", "location=+48.8584+002.2945/", plain],
  );
  ffmpeg("-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", out);
  return out;
}

test("an iPhone's HEVC video is converted and then plays in Chromium", async ({ page }) => {
  const clip = iphoneClip();
  await signIn(page, FOUNDING.email, { to: "/gallery" });
  await chooseFiles(page, "+ Upload Media", clip);
  await titleUpload(page, "IMG_0042.MOV", "Harbour at noon");
  const tile = page.getByRole("button", { name: "Open Video: Harbour at noon" });
  await expect(tile).toBeVisible();
  await tile.click();
  const modal = page.getByRole("dialog", { name: "Harbour at noon" });
  // Until the playable copy exists the modal shows the poster and says so; the page asks again
  // by itself, and the player appears without a reload.
  const video = modal.locator("video");
  await expect(video.or(modal.getByRole("status").getByText("Processing…"))).toBeVisible();
  await expect(video).toBeVisible({ timeout: 60_000 });
  await expect(video).toHaveAttribute("src", /\/play-[0-9a-f]{8}\.mp4$/);
  // Chromium has enough of it to play (HAVE_FUTURE_DATA), upright: portrait, as it was filmed.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 45_000 })
    .toBeGreaterThanOrEqual(3);
  const size = await video.evaluate((v: HTMLVideoElement) => ({ w: v.videoWidth, h: v.videoHeight, error: v.error }));
  expect(size).toEqual({ w: 360, h: 640, error: null });
  await expect(modal.getByRole("link", { name: "Download original" })).toHaveAttribute(
    "href",
    /\/video\.mov\?download=1$/,
  );
  await screenshot(page, "video-converted");
});
