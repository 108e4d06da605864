import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ConfigError, loadEnv } from "@club/api";
import { media } from "@club/db";
import { ffmpegAvailable } from "@club/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../config";
import { addUser, type Harness, loginOver, ORIGIN, startApp } from "../test/harness";
import { resumableDir } from "./resumable";
import { uploadTmpDir } from "./routes";

const run = promisify(execFile);
const hasFfmpeg = await ffmpegAvailable();
if (!hasFfmpeg && process.env.CI) throw new Error("CI installs ffmpeg; the video length tests need it.");

let h: Harness;
let base: string;
let ada: string;
const work = mkdtempSync(join(tmpdir(), "club-video-length-"));
/** Two minutes of a still black picture, one frame a second: a few kilobytes. */
const long = join(work, "long.mp4");
const short = join(work, "short.mp4");

const clip = (seconds: number, out: string) =>
  run("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=black:s=64x64:r=1", "-t", String(seconds)],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", out],
  ]);

beforeAll(async () => {
  // The limit is one minute here (MAX_VIDEO_MINUTES=1).
  h = await startApp({ maxVideoSeconds: 60 });
  await addUser(h, { email: "ada@club.test", name: "Ada" });
  base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  ada = await loginOver(base, "ada@club.test");
  if (hasFfmpeg) await Promise.all([clip(120, long), clip(5, short)]);
});
afterAll(async () => {
  await h.close();
  rmSync(work, { recursive: true, force: true });
});

const MESSAGE = "Videos can be at most 1 minute long. Trim this one, or split it into shorter videos.";

const filesUnder = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
};

/** Nothing of a refused video is kept: no row, no object, nothing spooled or waiting. */
async function nothingStored() {
  expect(await h.db.db.select().from(media)).toEqual([]);
  expect(filesUnder(join(h.app.dataDir, "media"))).toEqual([]);
  expect(filesUnder(uploadTmpDir(h.app.dataDir))).toEqual([]);
  expect(filesUnder(resumableDir(h.app.dataDir))).toEqual([]);
}

function multipart(url: "/upload-media" | "/upload-image", field: string, path: string) {
  const form = new FormData();
  form.append(field, new Blob([readFileSync(path)]), "long.mp4");
  return fetch(`${base}${url}`, { method: "POST", headers: { origin: ORIGIN, cookie: ada }, body: form });
}

describe.skipIf(!hasFfmpeg)("a video longer than MAX_VIDEO_MINUTES", () => {
  it("is refused by POST /upload-media and /upload-image with the limit in the message, and nothing is kept", async () => {
    for (const [url, field] of [
      ["/upload-media", "media"],
      ["/upload-image", "image"],
    ] as const) {
      const res = await multipart(url, field, long);
      expect(res.status, url).toBe(413);
      expect(((await res.json()) as { error: string }).error).toBe(MESSAGE);
      await nothingStored();
    }
  });

  it("is refused when a resumable upload of it is complete, and nothing is kept", async () => {
    const bytes = readFileSync(long);
    const tus = { "Tus-Resumable": "1.0.0", origin: ORIGIN, cookie: ada };
    const created = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        "Upload-Length": String(bytes.length),
        "Upload-Metadata": `filename ${Buffer.from("long.mp4").toString("base64")}`,
      },
    });
    expect(created.status).toBe(201);
    const res = await fetch(`${base}${created.headers.get("location")}`, {
      method: "PATCH",
      headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: bytes,
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(MESSAGE);
    await nothingStored();
  });

  it("a shorter one is stored", async () => {
    const res = await multipart("/upload-media", "media", short);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await h.db.db.select().from(media)).toHaveLength(1);
  });
});

describe("MAX_VIDEO_MINUTES", () => {
  it("is 30 unless set, and a value that is not a whole number of minutes stops the start", () => {
    expect(configFromEnv(loadEnv({})).maxVideoSeconds).toBe(30 * 60);
    expect(configFromEnv(loadEnv({ MAX_VIDEO_MINUTES: "90" })).maxVideoSeconds).toBe(90 * 60);
    for (const wrong of ["0", "-5", "ten", "1.5"]) {
      expect(() => loadEnv({ MAX_VIDEO_MINUTES: wrong }), wrong).toThrow(ConfigError);
      expect(() => loadEnv({ MAX_VIDEO_MINUTES: wrong }), wrong).toThrow(/MAX_VIDEO_MINUTES/);
    }
  });
});
