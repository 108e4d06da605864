import type { MediaDto } from "@club/api";
import { signMailImage, unsubscribeKeys } from "@club/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp, testPhoto, uploadVia } from "../test/harness";

/**
 * Gallery photos in group e-mails: the admin's picker offers those every member may see, each with
 * a signed address; a reader's mail program fetches it with no session, and only that photo, only
 * while every member may still see it.
 */
let h: Harness;
let ada: string; // admin
let fay: string; // Founding: hosts an invite-only event

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", admin: true });
  await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
  ada = await login(h, "ada@club.test");
  fay = await login(h, "fay@club.test");
});
afterAll(() => h?.close());

async function photoIn(title: string, exclusivity: "open" | "invite-only" = "open"): Promise<MediaDto> {
  const event = (await request(h, "POST", "/api/events", { title, exclusivity }, fay)).json<{ id: string }>();
  const res = await uploadVia(h, {
    cookie: fay,
    url: "/upload-image",
    filename: `${title}.jpg`,
    data: await testPhoto("jpeg"),
    fields: { event_id: event.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type Photo = { id: string; title: string; thumbnail_url: string | null; src: string };
async function pickerPhotos(): Promise<Photo[]> {
  const res = await request(h, "GET", "/trpc/adminMail.photos", undefined, ada);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data.json;
}

const pathOf = (src: string) => new URL(src).pathname;

describe("a gallery photo in a group e-mail", () => {
  it("is offered with a signed address that serves it with no session, publicly cached", async () => {
    const open = await photoIn("Garden Party");
    const offered = (await pickerPhotos()).find((p) => p.id === open.id);
    expect(offered).toMatchObject({
      // Untitled: named by the day it was uploaded, never by its file ("Garden Party.jpg").
      title: expect.stringMatching(/^Photo, \d{1,2} [A-Z][a-z]+( \d{4})?$/),
      src: expect.stringMatching(/^http:\/\/club\.test\/mail-images\//),
    });
    const res = await h.app.inject({ method: "GET", url: pathOf(offered!.src) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("is refused, as not found, for a forged or altered token and for an invite-only event's photo", async () => {
    const open = await photoIn("Open Day");
    const hidden = await photoIn("Board Dinner", "invite-only");
    const offered = await pickerPhotos();
    expect(offered.map((p) => p.id)).toContain(open.id);
    expect(offered.map((p) => p.id)).not.toContain(hidden.id);

    const keys = await unsubscribeKeys(h.db.db, undefined);
    const good = signMailImage(keys, open.id);
    const other = signMailImage([new TextEncoder().encode("not the club's key")], open.id);
    // The right signature under another photo's id: a token names one photo only.
    const swapped = `${hidden.id}${good.slice(open.id.length)}`;
    for (const token of [other, swapped, signMailImage(keys, hidden.id), `${open.id}-x`, "nothing"]) {
      const res = await h.app.inject({ method: "GET", url: `/mail-images/${token}` });
      expect(res.statusCode, token).toBe(404);
    }
    expect((await h.app.inject({ method: "GET", url: `/mail-images/${good}` })).statusCode).toBe(200);
  });

  it("stops being served once its photo is deleted", async () => {
    const photo = await photoIn("Farewell");
    const token = signMailImage(await unsubscribeKeys(h.db.db, undefined), photo.id);
    expect((await h.app.inject({ method: "GET", url: `/mail-images/${token}` })).statusCode).toBe(200);
    const deleted = await request(h, "POST", "/api/delete-media", { media: [photo.id] }, fay);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await h.app.inject({ method: "GET", url: `/mail-images/${token}` })).statusCode).toBe(404);
  });

  it("is chosen by admins only", async () => {
    const res = await request(h, "GET", "/trpc/adminMail.photos", undefined, fay);
    expect(res.statusCode).toBe(403);
  });
});
