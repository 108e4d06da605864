import type { MediaDto } from "@club/api";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FailingStore, recordUncaught } from "../test/failing-store";
import { addUser, type Harness, loginOver, request, startApp, testPhoto, uploadVia } from "../test/harness";
import { zipEntries } from "../test/zip-entries";

/**
 * Media files and an event's zip when the store fails under them: an object gone although its
 * row remains, a store that cannot be reached, a file that breaks half-way through. Whatever
 * happens to one download, the server carries on.
 */
let h: Harness;
let base: string;
let ada: string; // Founding: makes the events and uploads the photos
let bea: string; // member: downloads them
const store = new FailingStore();
const uncaught = recordUncaught();

beforeAll(async () => {
  h = await startApp({}, undefined, { wrapStore: store.wrap });
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "bea@club.test", name: "Bea" });
  base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  ada = await loginOver(base, "ada@club.test");
  bea = await loginOver(base, "bea@club.test");
});
afterEach(async () => {
  store.fault = undefined;
  store.hold = undefined;
  store.missing.clear();
  store.reads.length = 0;
  expect(uncaught.errors.splice(0)).toEqual([]);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
});
afterAll(async () => {
  uncaught.stop();
  await h?.close();
});

/** A new open event with one photo for each name, uploaded in that order. */
async function eventWithPhotos(...names: string[]) {
  const event = (await request(h, "POST", "/api/events", { title: "Picnic" }, ada)).json<{ id: string }>();
  const photos: MediaDto[] = [];
  for (const name of names) {
    const res = await uploadVia(h, {
      cookie: ada,
      url: "/upload-image",
      filename: `${name}.jpg`,
      data: await testPhoto("jpeg"),
      fields: { event_id: event.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    photos.push(res.json());
  }
  return { event, photos };
}

const keyOf = (photo: MediaDto) => photo.url.slice(1);

/** A GET over HTTP as Bea: the status, and the body, or the error that ended it. */
async function download(path: string) {
  const res = await fetch(`${base}${path}`, { headers: { cookie: bea } });
  const body = await res.arrayBuffer().then(
    (data) => Buffer.from(data),
    (err: Error) => err,
  );
  return { status: res.status, body };
}

describe("an event's zip", () => {
  it("leaves out a photo whose file is missing, and is a whole zip of the others", async () => {
    const { event, photos } = await eventWithPhotos("one", "two", "three");
    store.missing.add(keyOf(photos[1]!));
    const { status, body } = await download(`/api/events/${event.id}/media.zip`);
    expect(status).toBe(200);
    expect(body).toBeInstanceOf(Buffer);
    expect((await zipEntries(body as Buffer)).map((e) => e.name)).toEqual(["one.webp", "three.webp"]);
  });

  it("leaves out a photo deleted while the zip is on its way", async () => {
    const { event, photos } = await eventWithPhotos("one", "two", "three");
    let release = () => {};
    store.hold = new Promise((resolve) => {
      release = resolve;
    });
    const zip = download(`/api/events/${event.id}/media.zip`);
    await vi.waitFor(() => expect(store.reads).toContain(keyOf(photos[0]!)));
    const deleted = await request(h, "POST", "/api/delete-media", { media: [photos[2]!.id] }, ada);
    expect(deleted.statusCode).toBe(200);
    release();
    const { status, body } = await zip;
    expect(status).toBe(200);
    expect((await zipEntries(body as Buffer)).map((e) => e.name)).toEqual(["one.webp", "two.webp"]);
  });

  it("is refused when the store cannot be reached", async () => {
    const { event } = await eventWithPhotos("one", "two");
    store.fault = "get-rejects";
    const refused = await h.app.inject({ url: `/api/events/${event.id}/media.zip`, headers: { cookie: ada } });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(refused.headers["retry-after"]).toBe("5");
  });

  it("fails, never arriving whole, when a file breaks half-way through", async () => {
    const { event } = await eventWithPhotos("one", "two");
    store.fault = "read-breaks";
    const { status, body } = await download(`/api/events/${event.id}/media.zip`);
    // Refused if the failure came before the first byte was sent, cut short after it.
    expect(status === 500 || body instanceof Error).toBe(true);
  });
});

describe("a media file", () => {
  it("is cut short when the store breaks half-way through it", async () => {
    const { photos } = await eventWithPhotos("one");
    store.fault = "read-breaks";
    const { status, body } = await download(photos[0]!.url);
    expect(status).toBe(200);
    expect(body).toBeInstanceOf(Error);
  });

  it("answers 503 when the store cannot be reached", async () => {
    const { photos } = await eventWithPhotos("one");
    store.fault = "get-rejects";
    const { status } = await download(photos[0]!.url);
    expect(status).toBe(503);
  });

  it("answers 404 when its object is missing", async () => {
    const { photos } = await eventWithPhotos("one");
    store.missing.add(keyOf(photos[0]!));
    expect((await download(photos[0]!.url)).status).toBe(404);
  });
});
