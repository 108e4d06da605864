import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { queueMissingWork } from "@club/api/background";
import { media, rowsOf } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { ffmpegAvailable, type MediaStore } from "@club/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { addUser, type Harness, jobHandlers, login, ORIGIN, settle, startApp, uploadVia } from "../test/harness";

const run = promisify(execFile);
const hasFfmpeg = await ffmpegAvailable();
if (!hasFfmpeg && process.env.CI) throw new Error("CI installs ffmpeg; the transcoding tests need it.");

let h: Harness;
let ada: string;
let bea: string;
const work = mkdtempSync(join(tmpdir(), "club-transcode-"));

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "bea@club.test", name: "Bea", type: "Standard" });
  ada = await login(h, "ada@club.test");
  bea = await login(h, "bea@club.test");
});
afterAll(async () => {
  await h.close();
  rmSync(work, { recursive: true, force: true });
});

const ffmpeg = (...args: string[]) => run("ffmpeg", ["-v", "error", "-y", ...args]);
const picture = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15"];
const sound = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "1", "-shortest"];
const phoneTags = ["-metadata", "location=+48.8584+002.2945/", "-metadata", "make=Apple"];

/** Clips as phones and browsers make them, one second each, made here by ffmpeg. */
const clips = {
  /** An iPhone's: HEVC in QuickTime, held upright (a 90° display matrix), with the place it was filmed. */
  async hevcMov() {
    const plain = join(work, "hevc-plain.mov");
    await ffmpeg(
      ...picture,
      ...sound,
      ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
      ...["-pix_fmt", "yuv420p", "-c:a", "aac", ...phoneTags, "-movflags", "+use_metadata_tags", plain],
    );
    const out = join(work, "IMG_0042.MOV");
    await ffmpeg("-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", "-movflags", "+use_metadata_tags", out);
    return out;
  },
  /** A browser recording: VP9 and Opus in WebM. */
  async vp9Webm() {
    const out = join(work, "screen.webm");
    await ffmpeg(...picture, ...sound, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-c:a", "libopus", out);
    return out;
  },
  /** H.264/AAC in MP4 with its index at the end (what many cameras and editors write). */
  async h264Mp4() {
    const out = join(work, "camera.mp4");
    await ffmpeg(...picture, ...sound, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", out);
    return out;
  },
  /** H.264/AAC in QuickTime: playable streams in a container Chrome does not take. */
  async h264Mov() {
    const out = join(work, "clip.mov");
    await ffmpeg(...picture, ...sound, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", out);
    return out;
  },
};

/** The top-level boxes of an MP4, in file order (the index, moov, must come before the data, mdat). */
function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    if (size < 8) break;
    boxes.push(type);
    at += size;
  }
  return boxes;
}

interface Probe {
  format: { format_name: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    side_data_list?: { rotation?: number }[];
    tags?: Record<string, string>;
  }[];
}

async function probeBytes(bytes: Buffer, name: string): Promise<Probe> {
  const path = join(work, name);
  writeFileSync(path, bytes);
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", path]);
  return JSON.parse(stdout) as Probe;
}

/**
 * How long a conversion may take here before the test says it is stuck. ffmpeg gets a small share
 * of a busy machine (a 1080p conversion took over a minute with the load average at 11): a job still
 * at work is waited for, and the test's own time limit sits above two such waits.
 */
const conversion = 150_000;
const converting = { timeout: 2 * conversion + 30_000 };

const get = (url: string, cookie = ada) => h.app.inject({ url, headers: { cookie } });
/** An item as the gallery lists it (GET /api/media, newest first). */
const item = async (id: string) => (await get("/api/media")).json().find((m: { id: string }) => m.id === id);
const upload = (path: string) =>
  uploadVia(h, { cookie: ada, filename: path.split("/").pop()!, data: readFileSync(path) });

describe.skipIf(!hasFfmpeg)("videos are made playable everywhere", converting, () => {
  it("an iPhone's HEVC .MOV becomes H.264/AAC in MP4, upright, index first, without its location", async () => {
    const res = await upload(await clips.hevcMov());
    expect(res.statusCode, res.body).toBe(200);
    // Shown at once with its poster, "Processing…" until the playable version exists.
    expect(res.json()).toMatchObject({ processing: "processing", media_type: "video" });
    expect(res.json().thumbnail_url).toMatch(/poster\.webp$/);
    await settle(h, conversion);

    const done = await item(res.json().id);
    expect(done).toMatchObject({ processing: null, content_type: "video/mp4", width: 240, height: 320 });
    expect(done.url).toMatch(/\/play-[0-9a-f]{8}\.mp4$/);
    // The file as uploaded (without its metadata) is kept for download.
    expect(done.original_url).toMatch(/\/video\.mov$/);
    expect((await get(`${done.original_url}?download=1`)).statusCode).toBe(200);

    const served = await get(done.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    const bytes = served.rawPayload;
    const boxes = topLevelBoxes(bytes);
    expect(boxes.indexOf("moov")).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
    const probe = await probeBytes(bytes, "played.mp4");
    const [video, audio] = probe.streams;
    expect(video).toMatchObject({ codec_name: "h264", pix_fmt: "yuv420p", width: 240, height: 320 });
    // The rotation is in the pixels now, not a display matrix a player might ignore.
    expect(video?.side_data_list ?? []).toEqual([]);
    expect(audio).toMatchObject({ codec_name: "aac" });
    expect(probe.format.format_name).toContain("mp4");
    const tags = { ...probe.format.tags, ...Object.assign({}, ...probe.streams.map((s) => s.tags ?? {})) };
    expect(Object.keys(tags).filter((k) => /location|make|model|date/i.test(k))).toEqual([]);
    for (const secret of ["+48.8584+002.2945", "Apple"]) expect(bytes.includes(secret), secret).toBe(false);
  });

  it("a VP9 WebM becomes H.264/AAC in MP4", async () => {
    const res = await upload(await clips.vp9Webm());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().processing).toBe("processing");
    await settle(h, conversion);
    const done = await item(res.json().id);
    expect(done).toMatchObject({ processing: null, content_type: "video/mp4", width: 320, height: 240 });
    const probe = await probeBytes((await get(done.url)).rawPayload, "webm-played.mp4");
    expect(probe.streams.map((s) => s.codec_name)).toEqual(["h264", "aac"]);
    expect(done.original_url).toMatch(/\/video\.webm$/);
  });

  it("an H.264 MP4 with its index at the end plays as stored: index first, no job", async () => {
    const source = await clips.h264Mp4();
    const boxes = topLevelBoxes(readFileSync(source));
    expect(boxes.indexOf("moov")).toBeGreaterThan(boxes.indexOf("mdat"));
    const res = await upload(source);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ processing: null, content_type: "video/mp4" });
    expect(res.json().url).toBe(res.json().original_url);
    const played = topLevelBoxes((await get(res.json().url)).rawPayload);
    expect(played.indexOf("moov")).toBeLessThan(played.indexOf("mdat"));
    const jobs = rowsOf(
      await h.db.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'media.transcode' and data->>'mediaId' = ${res.json().id}`,
      ),
      z.object({ n: z.number() }),
    );
    expect(jobs[0]?.n).toBe(0);
  });

  it("H.264/AAC in QuickTime is copied into MP4, not encoded again", async () => {
    const res = await upload(await clips.h264Mov());
    expect(res.json().processing).toBe("processing");
    await settle(h, conversion);
    const done = await item(res.json().id);
    const original = await probeBytes((await get(done.original_url)).rawPayload, "orig.mov");
    const played = await probeBytes((await get(done.url)).rawPayload, "remuxed.mp4");
    expect(played.format.format_name).toContain("mp4");
    expect(played.streams.map((s) => s.codec_name)).toEqual(["h264", "aac"]);
    // A copy of the same stream: the same frames, bit for bit the same size.
    const bitRate = (p: Probe) => p.streams[0] && (p.streams[0] as { bit_rate?: string }).bit_rate;
    expect(bitRate(played)).toBe(bitRate(original));
  });

  it("a failure is retried; the last one is shown, and the uploader can try again", async () => {
    const store = h.app.mediaStore;
    const realGet = store.get.bind(store);
    // The store cannot give the video back (an S3 outage, say) while the job runs.
    const broken: MediaStore["get"] = (key, range) =>
      key.endsWith(".webm") && !range ? Promise.reject(new Error("storage is down")) : realGet(key, range);
    store.get = broken;
    try {
      const res = await upload(await clips.vp9Webm());
      const id = res.json().id as string;
      // The first try fails and waits to be retried: still "processing", nothing shown as failed.
      await expect.poll(async () => jobStates(id), { timeout: 15_000, interval: 200 }).toEqual(["retry"]);
      expect((await item(id)).processing).toBe("processing");
      // The last try (run here at once rather than after the retry delays) fails too.
      const last = { id: "last", attempt: 3, lastAttempt: true, signal: new AbortController().signal };
      await expect(jobHandlers(h)["media.transcode"]({ mediaId: id }, last)).rejects.toThrow("storage is down");
      await cancelJobs(id);
      const failed = await item(id);
      expect(failed.processing).toBe("failed");
      expect(failed.url).toBe(failed.original_url);
      expect((await h.db.db.select().from(media).where(eq(media.id, id)))[0]?.processingError).toBe("storage is down");

      // Another member may not ask for another try; the uploader may, once the store is back.
      const trpc = (cookie: string) =>
        h.app.inject({
          method: "POST",
          url: "/trpc/media.retryProcessing",
          headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
          payload: { json: { id } },
        });
      expect((await trpc(bea)).statusCode).toBe(403);
      store.get = realGet;
      const again = await trpc(ada);
      expect(again.statusCode, again.body).toBe(200);
      await settle(h, conversion);
      expect(await item(id)).toMatchObject({ processing: null, content_type: "video/mp4" });
      // Done: nothing to try again.
      expect((await trpc(ada)).statusCode).toBe(400);
    } finally {
      store.get = realGet;
    }
  });

  it("a video larger than 1080p plays at 1080p, and says so", async () => {
    const big = join(work, "wide.webm");
    await ffmpeg(
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=2400x1350:rate=2",
      "-t",
      "1",
      "-c:v",
      "libvpx-vp9",
      "-deadline",
      "realtime",
      big,
    );
    const res = await upload(big);
    await settle(h, conversion);
    const done = await item(res.json().id);
    expect(done).toMatchObject({ processing: null, width: 1920, height: 1080 });
    const probe = await probeBytes((await get(done.url)).rawPayload, "wide.mp4");
    expect(probe.streams[0]).toMatchObject({ width: 1920, height: 1080 });
  });

  it("a job that finds its video deleted (objects gone after the row) ends quietly, without a retry", async () => {
    const res = await upload(await clips.vp9Webm());
    const id = res.json().id as string;
    await settle(h, conversion);
    await h.db.db.update(media).set({ processing: "processing" }).where(eq(media.id, id));
    // The member deletes it between the job reading the row and reading the file.
    const vanishing: MediaStore = {
      ...h.app.mediaStore,
      get: async () => {
        await h.db.db.delete(media).where(eq(media.id, id));
        return undefined;
      },
    };
    const job = { id: "j", attempt: 1, lastAttempt: false, signal: new AbortController().signal };
    await expect(
      jobHandlers(h, { store: vanishing })["media.transcode"]({ mediaId: id }, job),
    ).resolves.toBeUndefined();
  });

  it("videos stored before conversion existed (or without ffmpeg) are converted when the server starts", async () => {
    const prefix = "media/00000000-0000-4000-8000-0000000000c1";
    const bytes = readFileSync(await clips.vp9Webm());
    await h.app.mediaStore.put(`${prefix}/video.webm`, Readable.from([bytes]), "video/webm", bytes.length);
    const [old] = await h.db.db
      .insert(media)
      .values({
        objectPrefix: prefix,
        storageKey: `${prefix}/video.webm`,
        mediaType: "video",
        contentType: "video/webm",
        sizeBytes: bytes.length,
        name: "old.webm",
      })
      .returning({ id: media.id });
    const [failed] = await h.db.db
      .insert(media)
      .values({
        objectPrefix: `${prefix}2`,
        storageKey: `${prefix}2/video.webm`,
        mediaType: "video",
        contentType: "video/webm",
        sizeBytes: 1,
        processing: "failed",
      })
      .returning({ id: media.id });
    // What the server runs at start (its workers are already running here).
    await queueMissingWork({ db: h.app.dbHandle.db, jobs: h.app.jobs });
    await settle(h, conversion);
    expect(await item(old!.id)).toMatchObject({ processing: null, content_type: "video/mp4" });
    expect((await item(old!.id)).url).toMatch(/\/play-[0-9a-f]{8}\.mp4$/);
    // One that failed waits for "Try again"; photos are not touched.
    expect((await h.db.db.select().from(media).where(eq(media.id, failed!.id)))[0]?.processing).toBe("failed");
    const photos = await h.db.db.select().from(media).where(eq(media.mediaType, "image"));
    expect(photos.every((p) => p.processing === null)).toBe(true);
  });

  it("a video deleted while it is converted leaves no playable copy behind", async () => {
    const res = await upload(await clips.vp9Webm());
    const id = res.json().id as string;
    await h.app.inject({
      method: "POST",
      url: "/api/delete-media",
      headers: { cookie: ada, origin: ORIGIN },
      payload: { media: [id] },
    });
    await settle(h, conversion);
    const prefix = res.json().url.split("/").slice(1, 3).join("/");
    const left: string[] = [];
    for await (const p of h.app.mediaStore.listPrefixes("media")) if (p === prefix) left.push(p);
    expect(left).toEqual([]);
  });
});

describe.skipIf(!hasFfmpeg)("a club that keeps no originals", converting, () => {
  let lean: Harness;
  let cookie: string;
  beforeAll(async () => {
    lean = await startApp({ keepVideoOriginals: false });
    await addUser(lean, { email: "cy@club.test", name: "Cy" });
    cookie = await login(lean, "cy@club.test");
  });
  afterAll(() => lean.close());

  it("keeps only the playable copy: the upload is removed once it is converted", async () => {
    const res = await uploadVia(lean, { cookie, filename: "screen.webm", data: readFileSync(await clips.vp9Webm()) });
    expect(res.statusCode, res.body).toBe(200);
    const uploadedKey: string = res.json().original_url;
    await settle(lean, conversion);
    const list = await lean.app.inject({ url: "/api/media", headers: { cookie } });
    const done = list.json().find((m: { id: string }) => m.id === res.json().id);
    expect(done.url).toMatch(/\/play-[0-9a-f]{8}\.mp4$/);
    expect(done.original_url).toBe(done.url);
    expect(done.content_type).toBe("video/mp4");
    expect(await lean.app.mediaStore.get(uploadedKey.slice(1))).toBeUndefined();
  });
});

async function jobStates(mediaId: string): Promise<string[]> {
  return rowsOf(
    await h.db.db.execute(
      sql`select state::text as state from pgboss.job where name = 'media.transcode' and data->>'mediaId' = ${mediaId}`,
    ),
    z.object({ state: z.string() }),
  ).map((r) => r.state);
}

async function cancelJobs(mediaId: string): Promise<void> {
  await h.db.db.execute(
    sql`update pgboss.job set state = 'cancelled' where name = 'media.transcode' and data->>'mediaId' = ${mediaId} and state < 'completed'`,
  );
}
