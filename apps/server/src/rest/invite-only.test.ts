import { eventInvitations } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp, testPhoto, uploadVia } from "../test/harness";
import { zipEntries } from "../test/zip-entries";

/**
 * What an uninvited member (or a visitor) may not see of an invite-only event, she may not reach
 * by any route: the event, its comments and their likes, its images in any list, and the files.
 */
let h: Harness;
let ada: string; // Founding, creates the private salon
let bea: string; // member, never invited
let cleo: string; // member, invited
let root: string; // admin
let ids: { cleo: string };
let salon: { id: string; slug: string };
let picnic: { id: string };
let image: { id: string; url: string; thumbnail_url: string; title: string };
let eventComment: { id: string };
let imageComment: { id: string };

async function uploadTo(eventId: string, cookie: string, filename: string) {
  return uploadVia(h, {
    cookie,
    url: "/upload-image",
    filename,
    data: await testPhoto("jpeg", "#a44"),
    fields: { event_id: eventId },
  });
}

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "bea@club.test", name: "Bea", type: "Founding" });
  const c = await addUser(h, { email: "cleo@club.test", name: "Cleo" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  ids = { cleo: c.id };
  ada = await login(h, "ada@club.test");
  bea = await login(h, "bea@club.test");
  cleo = await login(h, "cleo@club.test");
  root = await login(h, "root@club.test");
  salon = (await request(h, "POST", "/api/events", { title: "Private Salon", exclusivity: "invite-only" }, ada)).json();
  picnic = (await request(h, "POST", "/api/events", { title: "Open Picnic" }, ada)).json();
  const invited = await request(h, "POST", "/api/events/invite", { eventId: salon.id, userIds: [ids.cleo] }, ada);
  expect(invited.statusCode).toBe(200);
  const up = await uploadTo(salon.id, ada, "salon-secret.jpg");
  expect(up.statusCode, up.body).toBe(200);
  image = up.json();
  eventComment = (
    await request(h, "POST", "/api/comments", { content: "See you", commentableId: salon.id }, ada)
  ).json();
  imageComment = (
    await request(h, "POST", "/api/comments", { content: "Lovely", commentableId: image.id }, ada)
  ).json();
});
afterAll(() => h.close());

const ids_ = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((x) => x.id);

describe("an invite-only event, seen by a member who is not part of it", () => {
  it("is not found, by id or by slug, and is not listed", async () => {
    expect((await request(h, "GET", `/api/events/${salon.id}`, undefined, bea)).statusCode).toBe(404);
    expect((await request(h, "GET", `/api/events/${salon.slug}`, undefined, bea)).statusCode).toBe(404);
    expect(ids_(await request(h, "GET", "/api/events", undefined, bea))).not.toContain(salon.id);
  });

  it("is not offered by the event pickers; the gallery's filter offers only events with photos", async () => {
    const choices = async (cookie: string, withMedia: boolean) => {
      const input = encodeURIComponent(JSON.stringify({ json: { withMedia } }));
      const res = await request(h, "GET", `/trpc/events.choices?input=${input}`, undefined, cookie);
      expect(res.statusCode).toBe(200);
      return (res.json().result.data.json as { id: string }[]).map((e) => e.id);
    };
    expect(await choices(bea, false)).toContain(picnic.id);
    expect(await choices(bea, false)).not.toContain(salon.id);
    expect(await choices(bea, true)).toEqual([]);
    expect(await choices(cleo, true)).toEqual([salon.id]);
    expect(await choices(root, false)).toEqual(expect.arrayContaining([salon.id, picnic.id]));
  });

  it("hides its comments and their likes", async () => {
    const list = await request(h, "GET", `/api/comments?commentableId=${salon.id}`, undefined, bea);
    expect(list.statusCode).toBe(404);
    const post = await request(h, "POST", "/api/comments", { content: "hi", commentableId: salon.id }, bea);
    expect(post.statusCode).toBe(404);
    for (const [method, url, body] of [
      ["POST", `/api/comments/${eventComment.id}/like`, undefined],
      ["DELETE", `/api/comments/${eventComment.id}/unlike`, undefined],
      ["PUT", `/api/comments/${eventComment.id}`, { content: "x" }],
      ["DELETE", `/api/comments/${eventComment.id}`, undefined],
    ] as const) {
      const res = await request(h, method, url, body, bea);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe("Comment not found.");
    }
  });

  it("hides its images in the gallery, the event's images, searches by title and the item itself", async () => {
    expect(ids_(await request(h, "GET", "/api/media", undefined, bea))).not.toContain(image.id);
    expect(ids_(await request(h, "GET", `/api/media?eventId=${salon.id}`, undefined, bea))).toEqual([]);
    expect((await request(h, "GET", `/api/images/event/${salon.id}`, undefined, bea)).statusCode).toBe(404);
    expect(ids_(await request(h, "GET", `/api/images/${encodeURIComponent(image.title)}`, undefined, bea))).toEqual([]);
    const trpc = await h.app.inject({
      url: `/trpc/media.get?input=${encodeURIComponent(JSON.stringify({ json: { id: image.id } }))}`,
      headers: { cookie: bea },
    });
    expect(trpc.statusCode).toBe(404);
    expect((await request(h, "PUT", `/api/media/${image.id}`, { description: "x" }, bea)).statusCode).toBe(404);
    expect((await request(h, "POST", "/api/delete-media", { media: [image.id] }, bea)).statusCode).toBe(404);
    expect((await request(h, "GET", `/api/comments?commentableId=${image.id}`, undefined, bea)).statusCode).toBe(404);
    const like = await request(h, "POST", `/api/comments/${imageComment.id}/like`, undefined, bea);
    expect(like.statusCode).toBe(404);
  });

  it("does not serve its files, alone or as the event's zip", async () => {
    expect(
      (await h.app.inject({ url: `/api/events/${salon.id}/media.zip`, headers: { cookie: bea } })).statusCode,
    ).toBe(404);
    expect((await h.app.inject({ url: `/api/events/${salon.id}/media.zip` })).statusCode).toBe(401);
    for (const url of [image.url, image.thumbnail_url, `${image.url}?download=1`]) {
      expect((await h.app.inject({ url, headers: { cookie: bea } })).statusCode, url).toBe(404);
      expect((await h.app.inject({ url, headers: { cookie: ada } })).statusCode, url).toBe(200);
    }
  });

  it("cannot be uploaded to, nor have media moved into it", async () => {
    expect((await uploadTo(salon.id, bea, "intruder.jpg")).statusCode).toBe(404);
    const own = (await uploadTo(picnic.id, bea, "mine.jpg")).json();
    const move = await request(h, "PUT", `/api/media/${own.id}`, { associatedEventId: salon.id }, bea);
    expect(move.statusCode).toBe(404);
  });
});

describe("who may see it", () => {
  it("the invitee while the invitation can be accepted, the creator and admins", async () => {
    for (const cookie of [ada, cleo, root]) {
      expect((await request(h, "GET", `/api/events/${salon.id}`, undefined, cookie)).statusCode).toBe(200);
      expect((await request(h, "GET", `/api/comments?commentableId=${salon.id}`, undefined, cookie)).statusCode).toBe(
        200,
      );
      expect((await h.app.inject({ url: image.url, headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it("not an invitee whose invitation expired unaccepted", async () => {
    await h.db.db
      .update(eventInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventInvitations.inviteeId, ids.cleo));
    expect((await request(h, "GET", `/api/events/${salon.id}`, undefined, cleo)).statusCode).toBe(404);
    expect((await h.app.inject({ url: image.url, headers: { cookie: cleo } })).statusCode).toBe(404);
  });
});

describe("a visitor", () => {
  it("reads the comments of open events only", async () => {
    await request(h, "POST", "/api/comments", { content: "Bring a hat", commentableId: picnic.id }, ada);
    const open = await request(h, "GET", `/api/comments?commentableId=${picnic.id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json().map((c: { content: string }) => c.content)).toEqual(["Bring a hat"]);
    expect((await request(h, "GET", `/api/comments?commentableId=${salon.id}`)).statusCode).toBe(404);
    expect((await request(h, "GET", `/api/comments?commentableId=${image.id}`)).statusCode).toBe(404);
    expect((await h.app.inject({ url: image.url })).statusCode).toBe(401);
  });
});

describe("downloads", () => {
  it("'Download all' streams the event's photos as a zip, under their titles, for those who may see them", async () => {
    const second = await uploadTo(salon.id, ada, "salon-secret.jpg");
    expect(second.statusCode).toBe(200);
    const res = await h.app.inject({ url: `/api/events/${salon.id}/media.zip`, headers: { cookie: root } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename=${salon.slug}-photos.zip`);
    const entries = await zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(["salon-secret.webp", "salon-secret (2).webp"]);
    // Each entry is the stored display copy, byte for byte.
    const file = await h.app.inject({ url: image.url, headers: { cookie: root } });
    expect(entries[0]!.data.equals(file.rawPayload)).toBe(true);
  });

  it("'Download' saves one item under its title", async () => {
    const res = await h.app.inject({ url: `${image.url}?download=1`, headers: { cookie: ada } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe("attachment; filename=salon-secret.webp");
  });
});

describe("an invite-only event once deleted", () => {
  it("leaves its photos and their comments to the uploader and admins, not to every member", async () => {
    const gala = (
      await request(h, "POST", "/api/events", { title: "Closed Gala", exclusivity: "invite-only" }, ada)
    ).json();
    const invited = await request(h, "POST", "/api/events/invite", { eventId: gala.id, userIds: [ids.cleo] }, ada);
    expect(invited.statusCode).toBe(200);
    const photo = (await uploadTo(gala.id, ada, "gala.jpg")).json();
    const words = (
      await request(h, "POST", "/api/comments", { content: "Secret", commentableId: photo.id }, ada)
    ).json();
    expect((await request(h, "DELETE", `/api/events/${gala.id}`, undefined, ada)).statusCode).toBe(200);

    for (const cookie of [bea, cleo]) {
      expect(ids_(await request(h, "GET", "/api/media", undefined, cookie))).not.toContain(photo.id);
      expect((await request(h, "GET", photo.url, undefined, cookie)).statusCode).toBe(404);
      expect((await request(h, "GET", photo.thumbnail_url, undefined, cookie)).statusCode).toBe(404);
      const thread = await request(h, "GET", `/api/comments?commentableId=${photo.id}`, undefined, cookie);
      expect(thread.statusCode === 404 || !ids_(thread).includes(words.id), thread.body).toBe(true);
      expect((await request(h, "POST", `/api/comments/${words.id}/like`, undefined, cookie)).statusCode).toBe(404);
    }
    for (const cookie of [ada, root]) {
      expect(ids_(await request(h, "GET", "/api/media", undefined, cookie))).toContain(photo.id);
      expect((await request(h, "GET", photo.url, undefined, cookie)).statusCode).toBe(200);
    }
    // Attached by its uploader to an open event, it is shared with that event's viewers again.
    const moved = await request(h, "PUT", `/api/media/${photo.id}`, { associatedEventId: picnic.id }, ada);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ids_(await request(h, "GET", "/api/media", undefined, bea))).toContain(photo.id);
  });
});
