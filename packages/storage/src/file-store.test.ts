import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { createFileStore } from "./file-store";

/** Node 20 has no Array.fromAsync. */
async function collect(items: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const root = mkdtempSync(join(tmpdir(), "club-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createFileStore(root);

describe("file media store", () => {
  it("stores, reads whole and by range, and deletes", async () => {
    expect(await store.put("media/a.txt", Readable.from(["hello ", "world"]), "text/plain", 11)).toEqual({ size: 11 });
    const whole = await store.get("media/a.txt");
    expect(whole?.contentType).toBe("text/plain");
    expect(await text(whole!.stream)).toBe("hello world");
    const part = await store.get("media/a.txt", { start: 6, end: 10 });
    expect(await text(part!.stream)).toBe("world");
    expect(await store.stat("media/a.txt")).toEqual({ size: 11, contentType: "text/plain" });
    await store.delete("media/a.txt");
    expect(await store.get("media/a.txt")).toBeUndefined();
    expect(await store.stat("media/a.txt")).toBeUndefined();
  });

  it("leaves nothing behind when the upload stream fails", async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error("client went away"));
      },
    });
    await expect(store.put("media/b.bin", failing, "video/mp4", 10)).rejects.toThrow("client went away");
    expect(readdirSync(join(root, "media"))).toEqual([]);
  });

  it("lists the prefixes under a parent (each item's directory), and nothing when there is none", async () => {
    const fresh = createFileStore(mkdtempSync(join(tmpdir(), "club-store-")));
    expect(await collect(fresh.listPrefixes("media"))).toEqual([]);
    for (const key of ["media/one/original", "media/one/thumb.webp", "media/two/original"])
      await fresh.put(key, Readable.from(["x"]), "text/plain", 1);
    expect((await collect(fresh.listPrefixes("media"))).sort()).toEqual(["media/one", "media/two"]);
  });

  it("refuses keys that could leave the store's root", async () => {
    for (const key of ["../etc/passwd", "/abs", "a//b", "A.JPG"]) {
      await expect(store.put(key, Readable.from(["x"]), "text/plain", 1)).rejects.toThrow(/Refused media key/);
    }
  });
});
