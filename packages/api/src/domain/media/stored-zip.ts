import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { MediaStore, StoredObject } from "@club/storage";
import { ZipFile } from "yazl";
import type { Logger } from "../../context";

/** An object of the store to put in a zip, under this name. */
export interface ZipEntry {
  key: string;
  name: string;
  modified: Date;
}

export interface StoredZipOptions {
  /** An entry made on the spot that comes first (the data export's `data.json`), opened when the zip starts. */
  lead?: { name: string; modified: Date; open: () => Readable };
  /** The first entry's object, opened by the caller before answering (a store that does not answer is a 503). */
  first?: StoredObject | undefined;
  /** What the log says of an object missing from the store. */
  missing: string;
}

/**
 * Stored objects as one zip (an event's media download, a member's data export), read from the
 * store one after another while the zip is written: nothing is held whole in memory or on disk,
 * whatever their number. The files are stored, not compressed (WebP and video are compressed
 * already).
 *
 * yazl writes an entry's header before it reads the entry's data, so an entry is added only once
 * its object is open: an object missing by then (deleted while the zip is on its way, absent after
 * a restore) is left out and logged, and the zip is still whole. A store that fails (unreachable,
 * or breaking mid-file) ends the stream with its error, so a zip short of files is never taken for
 * a whole one. Whoever stops reading (a member gone) closes the object being read.
 */
export function storedObjectsZip(
  store: MediaStore,
  entries: readonly ZipEntry[],
  log: Logger,
  options: StoredZipOptions,
): Readable {
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
  output.once("close", () => reading?.destroy());

  (async () => {
    if (options.lead) {
      const lead = options.lead.open();
      reading = lead;
      zip.addReadStream(lead, options.lead.name, { mtime: options.lead.modified });
      await finished(lead);
    }
    for (const [i, entry] of entries.entries()) {
      const object = i === 0 && options.first ? options.first : await store.get(entry.key);
      if (output.destroyed) {
        object?.stream.destroy();
        return;
      }
      if (!object) {
        log.warn({ key: entry.key }, options.missing);
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
