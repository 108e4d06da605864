import { readdirSync } from "node:fs";
import { join } from "node:path";
import { media } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FailingStore, recordUncaught } from "../test/failing-store";
import { addUser, type Harness, loginOver, ORIGIN, startApp, testPhoto, uploadVia } from "../test/harness";

/**
 * Uploads when the media store fails under them (unreachable, or breaking part-way through a
 * write): the member is told, nothing is half-stored, the server carries on, and a resumable upload
 * keeps its file for the retry.
 */
let h: Harness;
let base: string;
let ada: string;
const store = new FailingStore();
const uncaught = recordUncaught();

beforeAll(async () => {
  h = await startApp({}, undefined, { wrapStore: store.wrap });
  await addUser(h, { email: "ada@club.test", name: "Ada" });
  base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  ada = await loginOver(base, "ada@club.test");
});
afterEach(async () => {
  store.fault = undefined;
  expect(uncaught.errors.splice(0)).toEqual([]);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
});
afterAll(async () => {
  uncaught.stop();
  await h?.close();
});

/** Every file under a directory of the app's data, or none when it does not exist yet. */
const filesIn = (dir: string) => {
  try {
    return readdirSync(join(h.app.dataDir, dir), { recursive: true }).map(String);
  } catch {
    return [];
  }
};
const itemsNamed = (name: string) => h.db.db.select().from(media).where(eq(media.fileName, name));

describe("a multipart upload", () => {
  it.each([
    ["cannot be reached", "put-rejects", 503, "The club is briefly unavailable"],
    ["breaks half-way through a write", "put-breaks", 500, "Something went wrong on our side. Please try again."],
  ] as const)("is refused when the store %s, leaving nothing behind", async (_, fault, status, message) => {
    const stored = filesIn("media");
    store.fault = fault;
    const res = await uploadVia(h, { cookie: ada, filename: `${fault}.png`, data: await testPhoto() });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect(filesIn("media")).toEqual(stored);
    expect(filesIn("tmp")).toEqual([]);
    expect(await itemsNamed(`${fault}.png`)).toHaveLength(0);

    store.fault = undefined;
    const again = await uploadVia(h, { cookie: ada, filename: `${fault}.png`, data: await testPhoto() });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("a resumable upload", () => {
  it("keeps its file when the store breaks half-way through a write, and the retry finishes it", async () => {
    const photo = await testPhoto();
    const tus = { "Tus-Resumable": "1.0.0", origin: ORIGIN, cookie: ada };
    const created = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        "Upload-Length": String(photo.length),
        "Upload-Metadata": `filename ${Buffer.from("broken.png").toString("base64")}`,
      },
    });
    const location = created.headers.get("location")!;
    const patch = (offset: number, chunk: Buffer) =>
      fetch(`${base}${location}`, {
        method: "PATCH",
        headers: { ...tus, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        body: chunk,
      });

    store.fault = "put-breaks";
    expect((await patch(0, photo)).status).toBe(500);
    expect(await itemsNamed("broken.png")).toHaveLength(0);

    store.fault = undefined;
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers: tus });
    expect(head.headers.get("upload-offset")).toBe(String(photo.length));
    const done = await patch(photo.length, Buffer.alloc(0));
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await itemsNamed("broken.png")).toHaveLength(1);
  });
});
