import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { atBothSizes, chooseFiles, FOUNDING, screenshot, signIn, titleUpload } from "../fixtures";

const CHUNK = 5 * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), "club-e2e-uploads-"));
const ffmpeg = (...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args]);

/** A valid H.264 video of about 12 MB (lossless noise), so it goes in three chunks. */
function bigVideo(name: string): string {
  const out = join(dir, name);
  ffmpeg(
    ...["-f", "lavfi", "-i", "color=c=gray:s=640x480:r=10,noise=alls=80:allf=t+u", "-frames:v", "28"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", out],
  );
  return out;
}
function photo(name: string, colour: string): string {
  const out = join(dir, name);
  ffmpeg("-f", "lavfi", "-i", `color=c=${colour}:s=800x600`, "-frames:v", "1", out);
  return out;
}

/**
 * The offsets each upload's chunks were sent at, by upload address; `holdMs` slows every chunk
 * down, and no chunk reaches the server before `until` (when given) has settled.
 */
async function watchChunks(
  page: Page,
  options: { cutOnceAtOffset?: number; holdMs?: number; until?: Promise<void> } = {},
) {
  const offsets = new Map<string, number[]>();
  let cut = false;
  await page.route("**/uploads/*", async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH") return route.continue();
    const offset = Number(request.headers()["upload-offset"]);
    offsets.set(request.url(), [...(offsets.get(request.url()) ?? []), offset]);
    if (options.holdMs) await new Promise((r) => setTimeout(r, options.holdMs));
    await options.until;
    if (!cut && options.cutOnceAtOffset !== undefined && offset === options.cutOnceAtOffset) {
      cut = true;
      // The connection drops in the middle of this chunk.
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  return offsets;
}

test("three files at once with their progress; one cut off mid-way continues where it stopped", async ({ page }) => {
  const files = [bigVideo("big.mp4"), photo("red.png", "red"), photo("blue.png", "blue")];
  await signIn(page, FOUNDING.email, { to: "/gallery" });
  const offsets = await watchChunks(page, { cutOnceAtOffset: CHUNK, holdMs: 400 });

  await chooseFiles(page, "+ Upload Media", files);
  const uploads = page.getByRole("region", { name: "Uploads" });
  await expect(uploads.getByRole("progressbar", { name: "All uploads" })).toBeVisible();
  await expect(uploads.getByRole("progressbar", { name: "Upload of big.mp4" })).toBeVisible();
  // Each is titled while it uploads; the uploads go on meanwhile.
  const titles = { "big.mp4": "Video: Noise study", "red.png": "Photo: Red field", "blue.png": "Photo: Blue field" };
  for (const [file, title] of Object.entries(titles)) await titleUpload(page, file, title.split(": ")[1]!);
  await atBothSizes(page, "uploads-queue", () => uploads.scrollIntoViewIfNeeded());
  await expect(uploads.getByRole("heading", { name: "3 of 3 uploaded" })).toBeVisible({ timeout: 60_000 });
  for (const title of Object.values(titles)) {
    await expect(page.getByRole("button", { name: `Open ${title}` })).toBeVisible();
  }
  // The big file went in chunks; the second was cut off, and the client asked the server where it
  // got to and went on from there: never from the start again.
  const big = [...offsets.values()].find((o) => o.length > 1)!;
  expect(big.slice(0, 2)).toEqual([0, CHUNK]);
  expect(big.slice(2).every((o) => o >= CHUNK)).toBe(true);
  expect(big.at(-1)).toBeGreaterThan(CHUNK);
});

test("after a reload, the same file added again continues its unfinished upload", async ({ page }) => {
  const file = bigVideo("reloaded.mp4");
  await signIn(page, FOUNDING.email, { to: "/gallery" });
  const first = await watchChunks(page, { holdMs: 1500 });
  await chooseFiles(page, "+ Upload Media", file);
  // The first chunk has arrived (the second is on its way) when the page is reloaded.
  await page.waitForResponse((r) => r.request().method() === "PATCH" && r.status() === 204);
  expect([...first.values()][0]?.[0]).toBe(0);
  await page.reload();

  const uploads = page.getByRole("region", { name: "Uploads" });
  await expect(uploads.getByText("Unfinished uploads")).toBeVisible();
  await expect(uploads.getByText("reloaded.mp4")).toBeVisible();
  await screenshot(page, "uploads-unfinished");
  const again = await watchChunks(page);
  await chooseFiles(page, "+ Upload Media", file);
  await expect(uploads.getByRole("heading", { name: "1 of 1 uploaded" })).toBeVisible({ timeout: 60_000 });
  await titleUpload(page, "reloaded.mp4", "Reloaded");
  await expect(page.getByRole("button", { name: "Open Video: Reloaded" })).toBeVisible();
  // Nothing was sent twice: it went on from at least the first chunk.
  const sent = [...again.values()][0]!;
  expect(sent[0]).toBeGreaterThanOrEqual(CHUNK);
  await expect(uploads.getByText("Unfinished uploads")).toHaveCount(0);
});

test("an event's uploads go on while another tab is read", async ({ page }) => {
  const file = bigVideo("evening.mp4");
  await signIn(page, FOUNDING.email, { to: "/events/poetry-reading-salon?tab=images" });
  // The first chunk waits until the Details tab is shown, so the rest of the upload happens there.
  let detailsShown = () => {};
  const shown = new Promise<void>((resolve) => {
    detailsShown = resolve;
  });
  const offsets = await watchChunks(page, { until: shown });
  const chunksSent = () => [...offsets.values()].flat().length;
  await chooseFiles(page, "Upload Image", file);
  await expect(page.getByRole("progressbar", { name: "Upload of evening.mp4" })).toBeVisible();
  await expect.poll(chunksSent).toBe(1);
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
  detailsShown();
  // While the Details tab is read, the upload goes on: the next chunk is sent.
  await expect.poll(chunksSent, { timeout: 30_000 }).toBeGreaterThan(1);
  await page.getByRole("tab", { name: "Images" }).click();
  await expect(page.getByRole("heading", { name: "1 of 1 uploaded" })).toBeVisible({ timeout: 60_000 });
  await titleUpload(page, "evening.mp4", "Evening");
  await expect(page.getByRole("button", { name: "Open Video: Evening" })).toBeVisible();
});
