import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, loginOver, ORIGIN, startApp } from "../test/harness";

let h: Harness;
let base: string;
let ada: string;
let bea: string;

beforeAll(async () => {
  h = await startApp({ maxUploadBytes: 300 * 1024 });
  await addUser(h, { email: "ada@club.test", name: "Ada" });
  await addUser(h, { email: "bea@club.test", name: "Bea" });
  base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  ada = await loginOver(base, "ada@club.test");
  bea = await loginOver(base, "bea@club.test");
});
afterAll(() => h.close());

function sendPortrait(data: Buffer, filename: string, cookie?: string) {
  const form = new FormData();
  form.append("portrait", new Blob([data]), filename);
  return fetch(`${base}/api/me/portrait`, {
    method: "POST",
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: form,
  });
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#6a4" } })
    .jpeg()
    .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
    .toBuffer();

describe("POST /api/me/portrait and GET /portraits/*", () => {
  it("stores her photo square, without its location, for members only", async () => {
    const res = await sendPortrait(await photo(), "me.jpg", ada);
    expect(res.status).toBe(200);
    const { portrait } = (await res.json()) as { portrait: { small: string; large: string } };
    const seen = await fetch(`${base}${portrait.small}`, { headers: { cookie: bea } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await seen.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([160, 160, undefined]);
    // Visitors, and a key that is nobody's portrait, find nothing.
    expect((await fetch(`${base}${portrait.small}`)).status).toBe(401);
    expect(
      (await fetch(`${base}/portraits/00000000-0000-4000-8000-000000000000/160.webp`, { headers: { cookie: bea } }))
        .status,
    ).toBe(404);
  });

  it("refuses what is not a photo, a file over the limit, and a visitor, with a message", async () => {
    const text = await sendPortrait(Buffer.from("just some text, not a picture"), "me.jpg", bea);
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: string }).error).toBe(
      "A portrait must be a photo (JPEG, PNG, WebP, GIF or HEIC).",
    );
    const big = await sendPortrait(Buffer.alloc(400 * 1024, 7), "big.jpg", bea);
    expect(big.status).toBe(413);
    expect((await sendPortrait(await photo(), "me.jpg")).status).toBe(401);
  });
});
