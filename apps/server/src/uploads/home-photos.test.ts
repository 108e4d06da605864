import { existsSync } from "node:fs";
import { join } from "node:path";
import type { MediaDto } from "@club/api";
import { media } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, settle, startApp, testPhoto, uploadVia } from "../test/harness";

// A home's photos (Travel): uploaded through the gallery's pipeline with `home_id`, shown on the
// home and its card, never in the gallery, removed by its host or an admin, gone with the home.

let h: Harness;
let cookies: { host: string; guest: string; root: string; other: string };

const home = {
  title: "Olive grove house",
  kind: "House",
  city: "Lucca",
  country: "Italy",
  address: "Via dei Fossi 3",
  sleeps: 4,
  bedrooms: 2,
  nightly_rate: 180,
  time_zone: "Europe/Rome",
};

/** The start of an MP4 (its `ftyp` box): what the type is read from, and all a refusal needs. */
const MP4_START = Buffer.concat([
  Buffer.from("00000018667479706973736f6d0000020069736f6d69736f32", "hex"),
  Buffer.alloc(64),
]);

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "host@club.test", name: "Hana", type: "Travel Host" });
  await addUser(h, { email: "other@club.test", name: "Olga", type: "Travel Host" });
  await addUser(h, { email: "guest@club.test", name: "Gia", type: "Founding" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  cookies = {
    host: await login(h, "host@club.test"),
    other: await login(h, "other@club.test"),
    guest: await login(h, "guest@club.test"),
    root: await login(h, "root@club.test"),
  };
});
afterAll(() => h.close());

async function listHome(): Promise<string> {
  const res = await request(h, "POST", "/api/homes", home, cookies.host);
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string }>().id;
}

const addPhoto = async (homeId: string, cookie = cookies.host, data?: Buffer) =>
  uploadVia(h, {
    cookie,
    filename: "terrace.jpg",
    data: data ?? (await testPhoto("jpeg", "#7a5")),
    fields: { home_id: homeId },
  });

describe("a home's photos", () => {
  it("are added by its host, shown on the home and its card, and not in the gallery", async () => {
    const id = await listHome();
    const res = await addPhoto(id);
    expect(res.statusCode).toBe(200);
    const photo = res.json<MediaDto>();
    expect(photo).toMatchObject({ media_type: "image", file_name: "terrace.jpg" });
    expect(photo.placeholder).toBeTruthy();
    expect(photo.sources.length).toBeGreaterThan(0);

    const seen = await request(h, "GET", `/api/homes/${id}`, undefined, cookies.guest);
    expect(seen.json<{ photos: MediaDto[] }>().photos.map((p) => p.id)).toEqual([photo.id]);
    const cards = await request(h, "GET", "/api/homes", undefined, cookies.guest);
    const card = cards.json<{ id: string; photo: { sources: unknown[]; placeholder: string } | null }[]>();
    expect(card.find((c) => c.id === id)?.photo).toMatchObject({ placeholder: photo.placeholder });
    // Its file is every member's to see, as the home is.
    const file = await request(h, "GET", photo.sources[0]!.url, undefined, cookies.guest);
    expect(file.statusCode).toBe(200);

    const gallery = await request(h, "GET", "/api/media", undefined, cookies.guest);
    const items = gallery.json<MediaDto[] | { items: MediaDto[] }>();
    const ids = (Array.isArray(items) ? items : items.items).map((m) => m.id);
    expect(ids).not.toContain(photo.id);
  });

  it("are added only by the home's host or an admin, photos only, at most 24", async () => {
    const id = await listHome();
    const byOther = await addPhoto(id, cookies.other);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error).toBe("Only the home's host or an administrator can change it.");
    const byGuest = await addPhoto(id, cookies.guest);
    expect(byGuest.statusCode).toBe(403);
    expect((await addPhoto(id, cookies.root)).statusCode).toBe(200);

    const video = await uploadVia(h, {
      cookie: cookies.host,
      filename: "tour.mp4",
      data: MP4_START,
      fields: { home_id: id },
    });
    expect(video.statusCode).toBe(415);
    expect(video.json().error).toMatch(/^A home's pictures are photos/);

    const unknown = await addPhoto("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("Home not found.");
    const both = await uploadVia(h, {
      cookie: cookies.host,
      filename: "x.jpg",
      data: await testPhoto("jpeg"),
      fields: { home_id: id, event_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(both.statusCode).toBe(400);

    // 23 more rows as uploads leave them: the 25th is refused in words.
    const [first] = await h.db.db.select().from(media).where(eq(media.homeId, id));
    for (let i = 0; i < 23; i++) {
      await h.db.db.insert(media).values({ ...first!, id: undefined, objectPrefix: `media/x-${id}-${i}` });
    }
    const over = await addPhoto(id);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe("A home shows at most 24 photos: remove one before adding another.");
  });

  it("are removed one by one by the host, and with the home when it is withdrawn", async () => {
    const id = await listHome();
    const a = (await addPhoto(id)).json<MediaDto>();
    const b = (await addPhoto(id)).json<MediaDto>();
    const [row] = await h.db.db.select().from(media).where(eq(media.id, a.id));
    const stored = join(h.app.dataDir, "media", row!.objectPrefix);
    expect(existsSync(stored)).toBe(true);

    const refused = await request(h, "DELETE", `/api/homes/${id}/photos/${a.id}`, undefined, cookies.guest);
    expect(refused.statusCode).toBe(403);
    const removed = await request(h, "DELETE", `/api/homes/${id}/photos/${a.id}`, undefined, cookies.host);
    expect(removed.statusCode).toBe(200);
    expect(existsSync(stored)).toBe(false);
    const again = await request(h, "DELETE", `/api/homes/${id}/photos/${a.id}`, undefined, cookies.host);
    expect(again.statusCode).toBe(404);
    const seen = await request(h, "GET", `/api/homes/${id}`, undefined, cookies.guest);
    expect(seen.json<{ photos: MediaDto[] }>().photos.map((p) => p.id)).toEqual([b.id]);

    const [rowB] = await h.db.db.select().from(media).where(eq(media.id, b.id));
    const storedB = join(h.app.dataDir, "media", rowB!.objectPrefix);
    expect((await request(h, "DELETE", `/api/homes/${id}`, undefined, cookies.host)).statusCode).toBe(200);
    await settle(h);
    expect(await h.db.db.select().from(media).where(eq(media.id, b.id))).toEqual([]);
    expect(existsSync(storedB)).toBe(false);
  });
});
