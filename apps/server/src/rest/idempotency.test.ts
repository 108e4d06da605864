import { deleteExpiredRecords } from "@club/api/background";
import { events, idempotentRequests, media } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp, testPhoto, uploadVia } from "../test/harness";

let h: Harness;
let ada: string;
let bea: string;
let adaId: string;

beforeAll(async () => {
  h = await startApp();
  adaId = (await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" })).id;
  await addUser(h, { email: "bea@club.test", name: "Bea", type: "Founding" });
  ada = await login(h, "ada@club.test");
  bea = await login(h, "bea@club.test");
});
afterAll(() => h.close());

/** POST /api/events as she sends it, with a key (or none) and more headers. */
const createEvent = (body: object, key: string | undefined, cookie = ada, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: "POST",
    url: "/api/events",
    payload: body,
    headers: { origin: ORIGIN, cookie, ...(key === undefined ? {} : { "idempotency-key": key }), ...headers },
  });

const eventsTitled = async (title: string) =>
  (await h.db.db.select({ id: events.id }).from(events).where(eq(events.title, title))).length;

describe("Idempotency-Key on the REST creates", () => {
  it("answers a retry with the first answer, and makes one event", async () => {
    // The first answer is compressed for her; what is kept is the answer itself.
    const first = await createEvent({ title: "Salon", description: "A long evening. ".repeat(100) }, "key-1", ada, {
      "accept-encoding": "gzip",
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(first.headers["content-encoding"]).toBe("gzip");
    const retry = await createEvent({ title: "Salon", description: "A long evening. ".repeat(100) }, "key-1");
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.headers["content-type"]).toMatch(/^application\/json/);
    expect(retry.json().id).toBeTruthy();
    expect(await eventsTitled("Salon")).toBe(1);
    // Without a key, each request is its own, as before.
    await createEvent({ title: "Salon" }, undefined);
    expect(await eventsTitled("Salon")).toBe(2);
  });

  it("refuses the key with another body, and lets another member use the same key", async () => {
    expect((await createEvent({ title: "Brunch" }, "key-2")).statusCode).toBe(200);
    const other = await createEvent({ title: "Brunch at ten" }, "key-2");
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      "This Idempotency-Key was sent with a different request. Use a new key for a new request.",
    );
    expect(await eventsTitled("Brunch at ten")).toBe(0);
    const hers = await createEvent({ title: "Brunch" }, "key-2", bea);
    expect(hers.headers["idempotent-replayed"]).toBeUndefined();
    expect(await eventsTitled("Brunch")).toBe(2);
  });

  it("gives the key back when the request is refused, so that the corrected retry is handled", async () => {
    const refused = await createEvent({ title: "T".repeat(201) }, "key-3");
    expect(refused.statusCode).toBe(400);
    const corrected = await createEvent({ title: "Tea" }, "key-3");
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers["idempotent-replayed"]).toBeUndefined();
    expect(await eventsTitled("Tea")).toBe(1);
  });

  it("refuses a key that is not 1 to 255 visible characters", async () => {
    for (const key of ["x".repeat(256), "two words", ""]) {
      const bad = await createEvent({ title: "Never" }, key);
      expect(bad.statusCode, key).toBe(400);
      expect(bad.json().message).toBe(
        "An Idempotency-Key is one header of 1 to 255 visible ASCII characters, such as a UUID.",
      );
    }
    expect(await eventsTitled("Never")).toBe(0);
  });

  it("makes one event of two requests sent at once with one key", async () => {
    const answers = await Promise.all([
      createEvent({ title: "Gala" }, "key-4"),
      createEvent({ title: "Gala" }, "key-4"),
    ]);
    expect(await eventsTitled("Gala")).toBe(1);
    const statuses = answers.map((a) => a.statusCode).sort();
    // The second is either told to wait (409, Retry-After) or, if the first was done, its answer.
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const waited = answers.find((a) => a.statusCode === 409);
    if (waited) expect(waited.headers["retry-after"]).toBe("1");
  });

  it("makes one media item of an upload sent twice", async () => {
    const photo = await testPhoto();
    const upload = () =>
      uploadVia(h, { cookie: ada, filename: "dawn.png", data: photo, headers: { "idempotency-key": "upload-1" } });
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const again = await upload();
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(first.json().id);
    const hers = await h.db.db.select({ id: media.id }).from(media).where(eq(media.uploadedBy, adaId));
    expect(hers).toHaveLength(1);
  });

  it("answers a retried upload over a real connection without reading its file again", async () => {
    // Megabytes the replay does not read: the answer still reaches a client still sending them.
    const { default: sharp } = await import("sharp");
    const large = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: "#456",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    const url = await h.app.listen({ port: 0, host: "127.0.0.1" });
    const send = async () => {
      const form = new FormData();
      form.append("media", new Blob([large], { type: "image/png" }), "large.png");
      const res = await fetch(`${url}/upload-media`, {
        method: "POST",
        body: form,
        headers: { cookie: ada, origin: ORIGIN, "idempotency-key": "upload-large" },
      });
      const { id } = (await res.json()) as { id: string };
      return { status: res.status, replayed: res.headers.get("idempotent-replayed"), id };
    };
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again).toEqual({ status: 200, replayed: "true", id: first.id });
  });

  it("forgets a key after a day, and takes over a claim whose request died", async () => {
    expect((await createEvent({ title: "Opera" }, "key-5")).statusCode).toBe(200);
    await h.db.db
      .update(idempotentRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotentRequests.key, "key-5"));
    expect((await createEvent({ title: "Opera" }, "key-5")).headers["idempotent-replayed"]).toBeUndefined();
    expect(await eventsTitled("Opera")).toBe(2);

    // A claim left unanswered by a server that stopped: after ten minutes, the retry is handled.
    await h.db.db.insert(idempotentRequests).values({
      userId: adaId,
      key: "key-6",
      request: "POST /api/events",
      fingerprint: "whatever",
      createdAt: sql`now() - interval '11 minutes'`,
    });
    expect((await createEvent({ title: "Ballet" }, "key-6")).statusCode).toBe(200);
    expect(await eventsTitled("Ballet")).toBe(1);

    // The daily housekeeping deletes the keys past their day.
    await h.db.db
      .update(idempotentRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotentRequests.key, "key-6"));
    expect((await deleteExpiredRecords(h.db.db)).idempotencyKeys).toBe(1);
  });
});
