import type { Readable } from "node:stream";
import { storedObjectsZip, type ZipEntry } from "@club/api";
import type { MediaStore } from "@club/storage";
import type { FastifyBaseLogger } from "fastify";

export type { ZipEntry };

/**
 * An event's media as one zip (storedObjectsZip): its files read from the store one after another
 * while the zip is sent. The first object is opened before the answer starts, so a store that does
 * not answer is a 503 with its Retry-After, not a download that breaks at once; a store failing
 * later cuts the download short, so the member sees a failed download rather than a zip silently
 * short of files.
 */
export async function mediaZip(store: MediaStore, entries: ZipEntry[], log: FastifyBaseLogger): Promise<Readable> {
  const first = entries[0] ? await store.get(entries[0].key) : undefined;
  return storedObjectsZip(store, entries, log, { first, missing: "an object of a zip download is missing: left out" });
}
