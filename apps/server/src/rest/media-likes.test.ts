import { media } from "@club/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

let h: Harness;
let ada: string;
let bea: string;
let photo: string;
let hidden: string;

beforeAll(async () => {
  h = await startApp();
  const a = await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "bea@club.test", name: "Bea" });
  ada = await login(h, "ada@club.test");
  bea = await login(h, "bea@club.test");
  const row = (key: string, uploaderOnly: boolean) => ({
    objectPrefix: `media/${key}`,
    storageKey: `media/${key}/display.webp`,
    mediaType: "image" as const,
    contentType: "image/webp",
    sizeBytes: 1,
    title: key,
    uploadedBy: a.id,
    uploaderOnly,
  });
  const made = await h.db.db
    .insert(media)
    .values([row("painting", false), row("private", true)])
    .returning({ id: media.id, title: media.title });
  photo = made.find((m) => m.title === "painting")!.id;
  hidden = made.find((m) => m.title === "private")!.id;
});
afterAll(() => h.close());

describe("POST /api/media/{id}/like and DELETE /api/media/{id}/unlike", () => {
  it("like once per member, answer the count, and the gallery shows it", async () => {
    const liked = await request(h, "POST", `/api/media/${photo}/like`, {}, bea);
    expect([liked.statusCode, liked.json()]).toEqual([200, { like_count: 1, user_liked: true }]);
    expect((await request(h, "POST", `/api/media/${photo}/like`, {}, bea)).json()).toEqual({
      like_count: 1,
      user_liked: true,
    });
    const gallery = (await request(h, "GET", "/api/media", undefined, ada)).json() as {
      id: string;
      like_count: number;
      user_liked: boolean;
    }[];
    expect(gallery.find((i) => i.id === photo)).toMatchObject({ like_count: 1, user_liked: false });
    const bell = (await request(h, "GET", "/trpc/notifications.list", undefined, ada)).json();
    expect(bell.result.data.json.items[0]).toMatchObject({
      kind: "media_like",
      text: "Bea liked your photo “painting”",
    });

    const unliked = await request(h, "DELETE", `/api/media/${photo}/unlike`, undefined, bea);
    expect([unliked.statusCode, unliked.json()]).toEqual([200, { like_count: 0, user_liked: false }]);
  });

  it("an item she may not see is not found; a visitor is refused; a bad id is a 4xx", async () => {
    expect((await request(h, "POST", `/api/media/${hidden}/like`, {}, bea)).statusCode).toBe(404);
    expect((await request(h, "DELETE", `/api/media/${hidden}/unlike`, undefined, bea)).statusCode).toBe(404);
    expect((await request(h, "POST", `/api/media/${photo}/like`, {})).statusCode).toBe(401);
    const bad = (await request(h, "POST", "/api/media/not-an-id/like", {}, bea)).statusCode;
    expect(bad).toBeGreaterThanOrEqual(400);
    expect(bad).toBeLessThan(500);
  });
});
