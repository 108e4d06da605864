import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaStore } from "./media-store";
import { createMinioStore } from "./minio-store";

/** Node 20 has no Array.fromAsync. */
async function collect(items: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const dir = mkdtempSync(join(tmpdir(), "club-s3-"));
let server: S3rver;
let store: MediaStore;

beforeAll(async () => {
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const address = (await server.run()) as AddressInfo;
  // s3rver speaks the S3 protocol over HTTP, as MinIO does; the bucket does not exist yet.
  store = await createMinioStore({
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKey: "S3RVER",
    secretKey: "S3RVER",
    bucket: "club-media",
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("MinIO media store (against s3rver)", () => {
  it("creates the bucket, streams an object in, reads it whole and by range, deletes it", async () => {
    const body = Readable.from([Buffer.alloc(70_000, 1), Buffer.from("tail")]);
    expect(await store.put("media/x/video.mp4", body, "video/mp4", 70_004)).toEqual({ size: 70_004 });
    const whole = await store.get("media/x/video.mp4");
    expect(whole?.contentType).toBe("video/mp4");
    expect(whole?.size).toBe(70_004);
    const tail = await store.get("media/x/video.mp4", { start: 70_000, end: 70_003 });
    expect(await text(tail!.stream)).toBe("tail");
    expect(await store.stat("media/x/video.mp4")).toEqual({ size: 70_004, contentType: "video/mp4" });
    await store.delete("media/x/video.mp4");
    expect(await store.get("media/x/video.mp4")).toBeUndefined();
    expect(await store.stat("media/x/video.mp4")).toBeUndefined();
  });

  it("lists the prefixes under a parent, each once", async () => {
    for (const key of ["media/p1/original", "media/p1/thumb.webp", "media/p2/original"])
      await store.put(key, Readable.from([Buffer.from("x")]), "text/plain", 1);
    expect((await collect(store.listPrefixes("media"))).sort()).toEqual(["media/p1", "media/p2"]);
    await store.deletePrefix("media/p1");
    expect(await collect(store.listPrefixes("media"))).toEqual(["media/p2"]);
  });
});
