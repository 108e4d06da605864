import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { events, media } from "@club/db";
import { eq } from "@club/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, loginOver, ORIGIN, startApp } from "../test/harness";
import { signal } from "../test/signal";
import { ResumableStore, resumableDir } from "./resumable";

let h: Harness;
let base: string;
let ada: string;
let bea: string;
let photo: Buffer;

beforeAll(async () => {
  h = await startApp({ maxUploadBytes: 2 * 1024 * 1024 });
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "bea@club.test", name: "Bea" });
  base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  ada = await loginOver(base, "ada@club.test");
  bea = await loginOver(base, "bea@club.test");
  // A photo of some size (noise does not compress), so it takes several chunks.
  photo = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 120, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
});
afterAll(() => h.close());

const tus = { "Tus-Resumable": "1.0.0", origin: ORIGIN };
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** Begins an upload the way tus clients do: its length and metadata, no bytes yet. */
function begin(cookie: string | undefined, length: number, fields: Record<string, string> = { filename: "noise.png" }) {
  return fetch(`${base}/uploads`, {
    method: "POST",
    headers: {
      ...tus,
      ...(cookie ? { cookie } : {}),
      "Upload-Length": String(length),
      "Upload-Metadata": metadata(fields),
    },
  });
}
function patch(cookie: string, location: string, offset: number, chunk: Buffer) {
  return fetch(`${base}${location}`, {
    method: "PATCH",
    headers: { ...tus, cookie, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: chunk,
  });
}
const offsetOf = async (cookie: string, location: string) => {
  const res = await fetch(`${base}${location}`, { method: "HEAD", headers: { ...tus, cookie } });
  return { status: res.status, offset: Number(res.headers.get("upload-offset")) };
};

describe("resumable uploads (tus)", () => {
  it("a photo sent in chunks, cut off half-way and resumed, becomes a media item", async () => {
    const created = await begin(ada, photo.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/uploads\/[0-9a-f]+$/);

    const third = Math.floor(photo.length / 3);
    expect((await patch(ada, location, 0, photo.subarray(0, third))).status).toBe(204);
    expect(await offsetOf(ada, location)).toEqual({ status: 200, offset: third });

    // The connection drops in the middle of the next chunk, once part of it has arrived: what
    // arrived is kept. (The body never ends by itself: its stream stays open until the cut.)
    const cut = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(photo.subarray(third, 2 * third));
      },
    });
    const sending = fetch(`${base}${location}`, {
      method: "PATCH",
      headers: {
        ...tus,
        cookie: ada,
        "Upload-Offset": String(third),
        "Content-Type": "application/offset+octet-stream",
      },
      body,
      signal: cut.signal,
      duplex: "half",
    } as RequestInit).catch(() => undefined);
    const arrived = () => statSync(join(resumableDir(h.app.dataDir), location.split("/").pop() ?? "")).size;
    await expect.poll(arrived, { timeout: 30_000 }).toBeGreaterThan(third);
    cut.abort();
    await sending;
    // The client asks where the server got to, and sends the rest from there.
    // Once the cut-off request has been wound up on the server, its offset stops moving.
    let resumed = -1;
    await expect
      .poll(
        async () => {
          const before = resumed;
          resumed = (await offsetOf(ada, location)).offset;
          return resumed > third && resumed === before;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    expect(resumed).toBeLessThanOrEqual(2 * third);
    const done = await patch(ada, location, resumed, photo.subarray(resumed));
    expect(done.status, await done.clone().text()).toBe(200);
    const item = (await done.json()) as { id: string; url: string; file_name: string; width: number };
    expect(item).toMatchObject({ file_name: "noise.png", width: 400 });

    // The photo arrived whole: a PNG checks every chunk of its data, so a lost or doubled byte
    // would have been refused as unreadable rather than stored.
    const served = await fetch(`${base}${item.url}`, { headers: { cookie: ada } });
    expect(served.status).toBe(200);
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([stored.width, stored.height]).toEqual([400, 300]);
    // The received file is gone once stored.
    expect(readdirSync(resumableDir(h.app.dataDir))).toEqual([]);
    // A 400×300 photo read and stored by sharp, and a cut-off request wound up: seconds under load.
  }, 60_000);

  it("members only, and each upload is its owner's: another member cannot read, continue or cancel it", async () => {
    expect((await begin(undefined, 10)).status).toBe(401);
    const location = (await begin(ada, photo.length)).headers.get("location")!;
    expect((await offsetOf(bea, location)).status).toBe(404);
    expect((await patch(bea, location, 0, photo)).status).toBe(404);
    const cancel = await fetch(`${base}${location}`, { method: "DELETE", headers: { ...tus, cookie: bea } });
    expect(cancel.status).toBe(404);
    // Her own cancel removes it.
    const own = await fetch(`${base}${location}`, { method: "DELETE", headers: { ...tus, cookie: ada } });
    expect(own.status).toBe(204);
    expect((await offsetOf(ada, location)).status).toBe(404);
  });

  it("the upload acted on is the one checked: an id hidden in a query string reaches nothing of hers", async () => {
    const hers = (await begin(ada, photo.length)).headers.get("location")!;
    const mine = (await begin(bea, photo.length)).headers.get("location")!;
    const trick = `${mine}?x=/${hers.split("/").pop()}`;
    const cancel = await fetch(`${base}${trick}`, { method: "DELETE", headers: { ...tus, cookie: bea } });
    // What was cancelled is the path's upload, Bea's own; Ada's is untouched.
    expect(cancel.status).toBe(204);
    expect(await offsetOf(ada, hers)).toEqual({ status: 200, offset: 0 });
    expect((await offsetOf(bea, mine)).status).toBe(404);
    await fetch(`${base}${hers}`, { method: "DELETE", headers: { ...tus, cookie: ada } });
  });

  it("a finished upload being stored refuses another finish or a cancel; it becomes one item", async () => {
    const store = h.app.mediaStore;
    const put = store.put.bind(store);
    // Storing takes a while (a long video, a slow store): here, until the test lets it go on.
    const storing = signal();
    const released = signal();
    store.put = async (...args) => {
      storing.tell();
      await released.happened;
      return put(...args);
    };
    try {
      const location = (await begin(ada, photo.length, { filename: "slow.png" })).headers.get("location")!;
      const finishing = patch(ada, location, 0, photo);
      await storing.happened;
      const cancel = await fetch(`${base}${location}`, { method: "DELETE", headers: { ...tus, cookie: ada } });
      expect(cancel.status).toBe(423);
      const again = await patch(ada, location, photo.length, Buffer.alloc(0));
      expect(again.status).toBe(423);
      released.tell();
      expect((await finishing).status).toBe(200);
      expect(await h.db.db.select().from(media).where(eq(media.fileName, "slow.png"))).toHaveLength(1);
    } finally {
      released.tell();
      store.put = put;
    }
  });

  it("a finished upload that fails on our side keeps its file, and the retry finishes it without resending", async () => {
    const store = h.app.mediaStore;
    const put = store.put.bind(store);
    store.put = () => Promise.reject(new Error("the store is down"));
    const location = (await begin(ada, photo.length, { filename: "retried.png" })).headers.get("location")!;
    try {
      const failed = await patch(ada, location, 0, photo);
      expect(failed.status).toBe(500);
    } finally {
      store.put = put;
    }
    expect(await offsetOf(ada, location)).toEqual({ status: 200, offset: photo.length });
    const done = await patch(ada, location, photo.length, Buffer.alloc(0));
    expect(done.status, await done.clone().text()).toBe(200);
    expect(((await done.json()) as { file_name: string }).file_name).toBe("retried.png");
  });

  it("the limits hold: size from the declared length, type from the bytes, an event she can see", async () => {
    const big = await begin(ada, 3 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("The file is larger than the upload limit of 2 MB.");

    const text = Buffer.from("these are meeting notes, not a photo");
    const location = (await begin(ada, text.length, { filename: "notes.jpg" })).headers.get("location")!;
    const refused = await patch(ada, location, 0, text);
    expect(refused.status).toBe(415);
    expect(await refused.text()).toMatch(/^Only photos \(JPEG, PNG, WebP, GIF, HEIC\) and videos/);
    expect(await h.db.db.select().from(media).where(eq(media.name, "notes.jpg"))).toEqual([]);
    expect(readdirSync(resumableDir(h.app.dataDir))).toEqual([]);

    const [hidden] = await h.db.db
      .insert(events)
      .values({
        slug: "private-dinner",
        title: "Private dinner",
        description: "d",
        eventDate: "2027-03-01",
        exclusivity: "invite-only",
      })
      .returning({ id: events.id });
    const toHidden = await begin(bea, photo.length, { filename: "a.png", event_id: hidden!.id });
    expect(toHidden.status).toBe(404);
    expect(await toHidden.text()).toBe("Event not found");
  });

  it("an upload left unfinished for a day is removed by housekeeping; a recent one stays", async () => {
    const old = (await begin(ada, photo.length)).headers.get("location")!.split("/").pop()!;
    const recent = (await begin(ada, photo.length)).headers.get("location")!.split("/").pop()!;
    const info = join(resumableDir(h.app.dataDir), `${old}.json`);
    const record = JSON.parse(readFileSync(info, "utf8")) as { creation_date: string };
    record.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    writeFileSync(info, JSON.stringify(record));
    await h.app.runHousekeeping();
    expect(existsSync(join(resumableDir(h.app.dataDir), old))).toBe(false);
    expect(existsSync(join(resumableDir(h.app.dataDir), recent))).toBe(true);
  });

  it("a member may keep at most 20 unfinished uploads: the next is refused (429) until she finishes or cancels one", async () => {
    await addUser(h, { email: "cat@club.test", name: "Cat" });
    const cat = await loginOver(base, "cat@club.test");
    // Begun all at once: two arriving together cannot both take the last place.
    const begun = await Promise.all(Array.from({ length: 25 }, () => begin(cat, 10)));
    expect(begun.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = begun.find((r) => r.status !== 201)!;
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(
      "You have 20 unfinished uploads. Let them finish, or cancel some, before starting another.",
    );
    // Another member is not held up by hers.
    const other = await begin(bea, 10);
    expect(other.status).toBe(201);
    await fetch(`${base}${other.headers.get("location")}`, { method: "DELETE", headers: { ...tus, cookie: bea } });
    // One cancelled makes room for one more.
    const location = begun.find((r) => r.status === 201)!.headers.get("location")!;
    expect((await fetch(`${base}${location}`, { method: "DELETE", headers: { ...tus, cookie: cat } })).status).toBe(
      204,
    );
    expect((await begin(cat, 10)).status).toBe(201);
    expect((await begin(cat, 10)).status).toBe(429);
  });

  it("a member's unfinished uploads may declare at most four times the upload limit in all: more is refused (413)", async () => {
    await addUser(h, { email: "dee@club.test", name: "Dee" });
    const dee = await loginOver(base, "dee@club.test");
    const limit = 2 * 1024 * 1024;
    // Three of the largest size, as the page sends at once, and a fourth whose length comes later
    // (counted at the largest it may become).
    for (let i = 0; i < 3; i++) expect((await begin(dee, limit)).status).toBe(201);
    const deferred = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: { ...tus, cookie: dee, "Upload-Defer-Length": "1", "Upload-Metadata": metadata({ filename: "d.png" }) },
    });
    expect(deferred.status).toBe(201);
    const over = await begin(dee, 1);
    expect(over.status).toBe(413);
    expect(await over.text()).toBe(
      "Your unfinished uploads would come to more than 8 MB, the most that may wait at once. Let them finish, or cancel some, before starting another.",
    );
  });

  it("concatenating uploads is not offered: a request for it is refused with a reason (400), not 501", async () => {
    const partial = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: { ...tus, cookie: ada, "Upload-Length": "10", "Upload-Concat": "partial" },
    });
    expect(partial.status).toBe(400);
    expect(await partial.text()).toBe(
      "Uploads cannot be sent in parts to be joined (tus concatenation); send the file as one upload.",
    );
    const final = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: { ...tus, cookie: ada, "Upload-Concat": "final;/uploads/0123 /uploads/4567" },
    });
    expect(final.status).toBe(400);
  });
});

it("the store starts nothing in the background: tus's own mkdir, which nothing could wait for, is not made", async () => {
  const parent = mkdtempSync(join(tmpdir(), "club-resumable-"));
  try {
    const directory = join(parent, "uploads");
    new ResumableStore({ directory });
    // tus's mkdir, had it been started, is done by the time several more have gone through the
    // thread pool.
    for (let i = 0; i < 8; i++) await mkdir(join(parent, `other-${i}`));
    expect(existsSync(directory)).toBe(false);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
