import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { MediaStore } from "@club/storage";
import type { FastifyBaseLogger } from "fastify";
import { ZipFile } from "yazl";

export interface ZipEntry {
  key: string;
  name: string;
  modified: Date;
}

/**
 * Stored objects as one zip, read from the store one after another while the zip is sent: nothing
 * is held whole in memory or on disk, whatever their number. The files are stored, not compressed
 * (WebP and video are compressed already).
 *
 * yazl writes an entry's header before it reads the entry's data, so an entry is added only once
 * its object is open: an object missing by then (deleted while the zip is on its way, absent after
 * a restore) is left out and logged, and the zip is still whole. A store that fails (unreachable,
 * or breaking mid-file) ends the stream with its error: refused if nothing was sent yet, otherwise
 * cut short, so the member sees a failed download rather than a zip silently short of files. The
 * first object is opened before the answer starts, so a store that does not answer is a 503 with
 * its Retry-After, not a download that breaks at once.
 */
export async function mediaZip(store: MediaStore, entries: ZipEntry[], log: FastifyBaseLogger): Promise<Readable> {
  const first = entries[0] ? await store.get(entries[0].key) : undefined;
  const zip = new ZipFile();
  const output = zip.outputStream;
  // yazl makes a PassThrough, which its type declarations do not say.
  if (!(output instanceof PassThrough)) throw new Error("yazl's output is not a PassThrough");
  let reading: Readable | undefined;
  const fail = (err: unknown) => {
    if (!output.destroyed) output.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  // yazl reports a failure on the ZipFile itself: an 'error' event nobody hears ends the process.
  zip.on("error", fail);
  // The member went away or the zip failed: the object being read is closed, not left open.
  output.once("close", () => reading?.destroy());

  (async () => {
    for (const [i, entry] of entries.entries()) {
      const object = i === 0 ? first : await store.get(entry.key);
      if (output.destroyed) {
        object?.stream.destroy();
        return;
      }
      if (!object) {
        log.warn({ key: entry.key }, "an object of a zip download is missing: left out");
        continue;
      }
      reading = object.stream;
      zip.addReadStream(object.stream, entry.name, { compress: false, mtime: entry.modified });
      // Also hears the object's stream failing mid-read, which yazl leaves unheard.
      await finished(object.stream);
    }
    zip.end();
  })().catch(fail);
  return output;
}
