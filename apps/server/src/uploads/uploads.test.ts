import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import type { MediaDto } from "@club/api";
import { media } from "@club/db";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, loginOver, ORIGIN, startApp } from "../test/harness";

let h: Harness;
let base: string;
let cookies: { ada: string; bea: string; root: string };
const dataDir = () => h.app.dataDir;

beforeAll(async () => {
  h = await startApp({ maxUploadBytes: 300 * 1024 });
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "bea@club.test", name: "Bea" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  cookies = {
    ada: await loginOver(base, "ada@club.test"),
    bea: await loginOver(base, "bea@club.test"),
    root: await loginOver(base, "root@club.test"),
  };
});
afterAll(() => h.close());

async function upload(
  data: Buffer,
  filename: string,
  cookie = cookies.ada,
  field = "media",
  url = "/upload-media",
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(field, new Blob([data]), filename);
  return fetch(`${base}${url}`, { method: "POST", headers: { origin: ORIGIN, cookie }, body: form });
}

const json = async <T = MediaDto>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { cookie: cookies.bea, ...headers } });

/** A 60×40 JPEG whose EXIF says "rotate 90°" and carries a GPS position. */
function photoWithGps() {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: "#a05" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
    .toBuffer();
}

const storedFiles = () => {
  try {
    return readdirSync(join(dataDir(), "media"), { recursive: true }).filter((f) => String(f).includes("."));
  } catch {
    return [];
  }
};
const tmpFiles = () => {
  try {
    return readdirSync(join(dataDir(), "tmp"));
  } catch {
    return [];
  }
};

describe("uploads", () => {
  it("stores a photo upright, without EXIF or GPS, with a thumbnail", async () => {
    const original = await photoWithGps();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("Phone");
    const res = await upload(original, "holiday.jpg");
    expect(res.status).toBe(200);
    const item = await json(res);
    expect(item).toMatchObject({ media_type: "image", file_name: "holiday.jpg", author_name: "Ada" });
    // A file's name is never its title: untitled until she names it.
    expect(item).toMatchObject({ name: null, title: null });
    const served = await get(item.url);
    expect(served.status, await served.clone().text()).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 60]);
    expect((await get(item.thumbnail_url!)).status).toBe(200);
  });

  it("accepts PNG, WebP and GIF, by their bytes", async () => {
    const img = sharp({ create: { width: 8, height: 8, channels: 3, background: "#333" } });
    for (const [data, name] of [
      [await img.clone().png().toBuffer(), "a.png"],
      [await img.clone().webp().toBuffer(), "b.webp"],
      [await img.clone().gif().toBuffer(), "c.gif"],
    ] as const) {
      expect((await upload(data, name)).status).toBe(200);
    }
  });

  it("converts a HEIC photo from a phone into a picture browsers show", async () => {
    const heic = readFileSync(join(import.meta.dirname, "../test/fixtures/green.heic"));
    const item = await json(upload(heic, "IMG_0001.HEIC"));
    expect(item).toMatchObject({ media_type: "image", name: null, file_name: "IMG_0001.HEIC" });
    const served = await get(item.url);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const { data, info } = await sharp(Buffer.from(await served.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 48]);
    // The fixture is #22aa66; lossy coding on both sides moves each channel a little.
    const [r = 0, g = 0, b = 0] = data;
    expect(Math.abs(r - 0x22) + Math.abs(g - 0xaa) + Math.abs(b - 0x66)).toBeLessThan(30);
  });

  it("stores a video and serves byte ranges", async () => {
    const res = await upload(readFileSync(join(import.meta.dirname, "../test/fixtures/clip.mp4")), "clip.mov");
    const item = await json(res);
    expect(item).toMatchObject({ media_type: "video", content_type: "video/mp4" });
    // What is stored is the upload without its metadata (see privacy.test.ts), so ranges are checked against it.
    const clip = Buffer.from(await (await get(item.url)).arrayBuffer());
    const part = await get(item.url, { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${clip.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(clip.subarray(0, 100));
    const tail = await get(item.url, { range: "bytes=-10" });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(clip.subarray(clip.length - 10));
    expect((await get(item.url, { range: `bytes=${clip.length}-` })).status).toBe(416);
    // Several ranges, or another unit, get the whole file; a range that is no range is refused.
    expect((await get(item.url, { range: "bytes=abc" })).status).toBe(416);
    for (const range of ["bytes=0-1,5-6", "items=0-9"]) {
      const whole = await get(item.url, { range });
      expect(whole.status, range).toBe(200);
      expect(Number(whole.headers.get("content-length")), range).toBe(clip.length);
    }
    // ffmpeg strips the clip's metadata before it is stored: seconds of real work on a busy machine.
  }, 60_000);

  it("refuses other files whatever their name, leaving nothing behind", async () => {
    const before = storedFiles().length;
    const html = await upload(Buffer.from("<!doctype html><script>alert(1)</script>"), "photo.jpg");
    expect(html.status).toBe(415);
    expect((await json<{ error: string }>(html)).error).toMatch(
      /^Only photos \(JPEG, PNG, WebP, GIF, HEIC\) and videos/,
    );
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'), "x.svg");
    expect(svg.status).toBe(415);
    expect(storedFiles().length).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses a file over the limit with the limit in the message", async () => {
    const res = await upload(Buffer.alloc(400 * 1024, 7), "big.mp4");
    expect(res.status).toBe(413);
    expect((await json<{ error: string }>(res)).error).toBe("The file is larger than the upload limit of 0.3 MB.");
    expect(tmpFiles()).toEqual([]);
  });

  it("leaves nothing behind when the client disconnects half-way", async () => {
    const rows = (await h.db.db.select().from(media)).length;
    const req = httpRequest(`${base}/upload-media`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie: cookies.ada, "content-type": "multipart/form-data; boundary=XX" },
    });
    req.on("error", () => {});
    req.write('--XX\r\nContent-Disposition: form-data; name="media"; filename="v.mp4"\r\n\r\n');
    req.write(Buffer.alloc(64 * 1024, 1));
    // Half-way: the server has begun writing the file down when the client goes.
    await expect.poll(() => tmpFiles().length, { timeout: 10_000 }).toBeGreaterThan(0);
    req.destroy();
    await expect.poll(() => tmpFiles(), { timeout: 5000 }).toEqual([]);
    expect((await h.db.db.select().from(media)).length).toBe(rows);
  });

  it("needs a signed-in member to upload or to see media", async () => {
    const form = new FormData();
    form.append("media", new Blob([await photoWithGps()]), "x.jpg");
    const refused = await fetch(`${base}/upload-media`, { method: "POST", headers: { origin: ORIGIN }, body: form });
    expect(refused.status).toBe(401);
    // Refused before its body was read: the connection is closed rather than reused with bytes left on it.
    expect(refused.headers.get("connection")).toBe("close");
    const item = await json(upload(await photoWithGps(), "y.jpg"));
    expect(item).toMatchObject({ media_type: "image" });
    expect((await fetch(`${base}${item.url}`)).status).toBe(401);
  });
});

describe("media permissions and event images", () => {
  it("lets only the uploader or an admin edit or delete, and deleting removes the objects", async () => {
    const item = await json(upload(await photoWithGps(), "mine.jpg"));
    const put = (cookie: string, body: unknown) =>
      fetch(`${base}/api/media/${item.id}`, {
        method: "PUT",
        headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await put(cookies.bea, { ...item, description: "hijack" })).status).toBe(403);
    const edited = await json(
      put(cookies.ada, { ...item, description: "Lake at dawn", tags: ["Lake", "dawn", "lake"] }),
    );
    expect(edited).toMatchObject({ description: "Lake at dawn", tags: ["lake", "dawn"] });
    const byTag = await json<MediaDto[]>(get("/api/media?tag=lake"));
    expect(byTag.map((m) => m.id)).toContain(item.id);

    const del = (cookie: string) =>
      fetch(`${base}/api/delete-media`, {
        method: "POST",
        headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
        body: JSON.stringify({ media: [item.id] }),
      });
    expect((await del(cookies.bea)).status).toBe(403);
    expect((await del(cookies.root)).status).toBe(200);
    expect((await get(item.url)).status).toBe(404);
  });

  it("uploads an image to an event: it shows on the event and in the gallery", async () => {
    const created = await json<{ id: string }>(
      fetch(`${base}/api/events`, {
        method: "POST",
        headers: { origin: ORIGIN, cookie: cookies.ada, "content-type": "application/json" },
        body: JSON.stringify({ title: "Picnic" }),
      }),
    );
    const res = await upload(await photoWithGps(), "picnic.jpg", cookies.bea, "image", "/upload-image", {
      event_id: created.id,
      associated_event_id: created.id,
    });
    expect(res.status).toBe(200);
    const images = await json<MediaDto[]>(get(`/api/images/event/${created.id}`));
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ associated_event_id: created.id, author_name: "Bea" });
    const gallery = await json<MediaDto[]>(get(`/api/media?eventId=${created.id}`));
    expect(gallery.map((m) => m.id)).toEqual([images[0]!.id]);
    const bad = await upload(await photoWithGps(), "x.jpg", cookies.bea, "image", "/upload-image", {
      event_id: "nope",
    });
    expect(bad.status).toBe(404);
  });
});

describe("responsive photos", () => {
  it("a large photo gets 480, 1024 and 2048 px copies, its size as shown and a ThumbHash preview", async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    const item = await json(upload(photo, "wide.jpg"));
    expect(item).toMatchObject({ width: 2048, height: 1365 });
    expect(item.sources.map((s) => [s.width, s.height])).toEqual([
      [480, 320],
      [1024, 683],
      [2048, 1365],
    ]);
    // Each copy is what it says it is (the page reserves space and picks by these widths).
    for (const source of item.sources) {
      const res = await get(source.url);
      expect(res.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([source.width, source.height]);
    }
    expect(item.url).toBe(item.sources.at(-1)!.url);
    // A ThumbHash: some twenty bytes, base64.
    expect(Buffer.from(item.placeholder!, "base64").length).toBeLessThan(40);
  });

  it("a small photo has one copy, and a portrait one is measured upright", async () => {
    const small = await json(
      upload(
        await sharp({ create: { width: 300, height: 200, channels: 3, background: "#888" } })
          .png()
          .toBuffer(),
        "small.png",
      ),
    );
    expect(small.sources).toEqual([{ url: small.url, width: 300, height: 200 }]);
    const portrait = await json(upload(await photoWithGps(), "turned.jpg"));
    expect(portrait).toMatchObject({ width: 40, height: 60 });
  });
});
