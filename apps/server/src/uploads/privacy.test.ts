import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { media } from "@club/db";
import { eq } from "@club/db/orm";
import { ffmpegAvailable } from "@club/storage";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, settle, startApp, uploadVia } from "../test/harness";

const run = promisify(execFile);
const hasFfmpeg = await ffmpegAvailable();
if (!hasFfmpeg && process.env.CI) throw new Error("CI installs ffmpeg; the video privacy tests need it.");

let h: Harness;
let ada: string;
const work = mkdtempSync(join(tmpdir(), "club-privacy-"));

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  ada = await login(h, "ada@club.test");
});
afterAll(async () => {
  await h.close();
  rmSync(work, { recursive: true, force: true });
});

const upload = (data: Buffer, filename: string) => uploadVia(h, { cookie: ada, filename, data });

/** A one-second clip as a phone writes it: a location, a comment, the maker, and (MOV) a rotation. */
async function phoneVideo(ext: "mp4" | "mov"): Promise<string> {
  const plain = join(work, `plain.${ext}`);
  const out = join(work, `phone.${ext}`);
  await run("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050", "-t", "1", "-shortest"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"],
    ...["-metadata", "location=+48.8584+002.2945/", "-metadata", "comment=Our secret address"],
    ...["-metadata", "make=Apple", "-movflags", "+use_metadata_tags", plain],
  ]);
  // A rotation is set on a stream copy (the display matrix of a phone held upright).
  await run("ffmpeg", ["-v", "error", "-y", "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", out]);
  return out;
}

async function probe(path: string) {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", path]);
  return JSON.parse(stdout) as {
    format: { tags?: Record<string, string> };
    streams: { codec_name: string; side_data_list?: { rotation?: number }[]; tags?: Record<string, string> }[];
  };
}

describe.skipIf(!hasFfmpeg)("videos are stored without their metadata", () => {
  it.each(["mp4", "mov"] as const)("a %s from a phone loses its location, comment and maker", async (ext) => {
    const source = await phoneVideo(ext);
    const before = await probe(source);
    expect(before.format.tags?.location).toBe("+48.8584+002.2945/");
    expect(readFileSync(source).includes("Our secret address")).toBe(true);

    const res = await upload(readFileSync(source), `IMG_0001.${ext.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const served = await h.app.inject({ url: res.json().url, headers: { cookie: ada } });
    expect(served.statusCode).toBe(200);
    const bytes = served.rawPayload;
    for (const secret of ["+48.8584+002.2945", "Our secret address", "Apple"]) {
      expect(bytes.includes(secret), secret).toBe(false);
    }
    const stored = join(work, `served.${ext}`);
    writeFileSync(stored, bytes);
    const after = await probe(stored);
    const tags = { ...after.format.tags, ...Object.assign({}, ...after.streams.map((s) => s.tags ?? {})) };
    expect(Object.keys(tags).filter((k) => /location|comment|make|model|date/i.test(k))).toEqual([]);
    // The streams are copied as they were: same codecs, rotation kept, index first (faststart).
    expect(after.streams.map((s) => s.codec_name)).toEqual(before.streams.map((s) => s.codec_name));
    expect(after.streams[0]?.side_data_list?.[0]?.rotation).toBe(90);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
  });
});

describe("damaged files", () => {
  it("a photo whose first bytes look right but whose body is garbage is refused with 415", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const damaged = Buffer.concat([jpeg.subarray(0, 32), Buffer.alloc(2000, 0x5a)]);
    const rows = (await h.db.db.select().from(media)).length;
    const res = await upload(damaged, "broken.jpg");
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error).toMatch(/^This photo could not be read; the file may be damaged\. Only photos/);
    expect((await h.db.db.select().from(media)).length).toBe(rows);
  });

  it.skipIf(!hasFfmpeg)("a video that cannot be read is refused with 415, not stored as it came", async () => {
    const fake = Buffer.concat([readFileSync(join(import.meta.dirname, "../test/fixtures/clip.mp4")).subarray(0, 40)]);
    const res = await upload(Buffer.concat([fake, Buffer.alloc(500, 1)]), "broken.mp4");
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error).toMatch(/^This video could not be read/);
  });
});

describe("what a crash leaves behind", () => {
  it("an upload stopped between storing and finishing is swept with its objects; fresh ones stay", async () => {
    const mediaDir = join(h.app.dataDir, "media");
    const leftover = (prefix: string, hoursAgo: number) => {
      mkdirSync(join(mediaDir, prefix), { recursive: true });
      writeFileSync(join(mediaDir, prefix, "display.webp"), "x");
      return h.db.db.insert(media).values({
        objectPrefix: prefix,
        storageKey: `${prefix}/display.webp`,
        mediaType: "image",
        contentType: "image/webp",
        sizeBytes: 1,
        status: "pending",
        uploadDate: new Date(Date.now() - hoursAgo * 3600_000),
      });
    };
    await leftover("media/00000000-0000-4000-8000-00000000000a", 3);
    await leftover("media/00000000-0000-4000-8000-00000000000b", 0);
    // A pending item is not shown while it waits.
    const list = await h.app.inject({ url: "/api/media", headers: { cookie: ada } });
    expect(list.json().map((m: { id: string }) => m.id)).toHaveLength(
      (await h.db.db.select().from(media).where(eq(media.status, "ready"))).length,
    );

    await h.app.runHousekeeping();
    expect(existsSync(join(mediaDir, "media/00000000-0000-4000-8000-00000000000a"))).toBe(false);
    expect(existsSync(join(mediaDir, "media/00000000-0000-4000-8000-00000000000b"))).toBe(true);
    const pending = await h.db.db.select().from(media).where(eq(media.status, "pending"));
    expect(pending.map((p) => p.objectPrefix)).toEqual(["media/00000000-0000-4000-8000-00000000000b"]);
  });

  it("upload spool files older than a day are removed; recent ones stay", async () => {
    // The videos above are being made playable in the same directory; their files are fresh too.
    await settle(h, 60_000);
    const tmp = join(h.app.dataDir, "tmp");
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, "upload-old"), "x");
    writeFileSync(join(tmp, "upload-new"), "x");
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(join(tmp, "upload-old"), twoDaysAgo, twoDaysAgo);
    await h.app.runHousekeeping();
    expect(readdirSync(tmp)).toEqual(["upload-new"]);
  });
});
