import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type MediaStore } from "./media-store";

/**
 * Media as files under a directory (the embedded default). A file is written under a
 * temporary name and renamed when complete, so a failed upload never leaves half a file
 * at its key. The content type is kept beside it.
 */
export function createFileStore(root: string): MediaStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  async function statOf(key: string) {
    const path = pathOf(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, "utf8")]);
      return { size: info.size, contentType };
    } catch (err) {
      if (err instanceof Error && "code" in err && err.code === "ENOENT") return undefined;
      throw err;
    }
  }
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial-${process.pid}-${Date.now()}`;
      try {
        await pipeline(body, createWriteStream(partial));
        await writeFile(`${path}.type`, contentType);
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return { size: (await stat(path)).size };
    },
    async get(key, range) {
      const info = await statOf(key);
      if (!info) return undefined;
      const path = pathOf(key);
      const stream: Readable = range ? createReadStream(path, range) : createReadStream(path);
      return { stream, ...info };
    },
    stat: statOf,
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async *listPrefixes(parent) {
      let dir: Awaited<ReturnType<typeof opendir>>;
      try {
        dir = await opendir(pathOf(parent));
      } catch (err) {
        if (err instanceof Error && "code" in err && err.code === "ENOENT") return;
        throw err;
      }
      // A directory is read as it is walked: a million items never sit in one array.
      for await (const entry of dir) if (entry.isDirectory()) yield `${parent}/${entry.name}`;
    },
  };
}
