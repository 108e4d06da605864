import { PassThrough, Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { Queryable } from "@club/db";
import type { MediaStore } from "@club/storage";
import { ZipFile } from "yazl";
import type { Logger } from "../../context";
import { downloadName } from "../media/download";
import { type ExportedMember, jsonPieces, sections, uploadsOf } from "./contents";

export interface DataExportSource {
  db: Queryable;
  store: MediaStore;
  log: Logger;
}

/** An object of the store to put in the zip, under this name. */
interface FileEntry {
  key: string;
  name: string;
  modified: Date;
}

/** A name not yet taken in the zip (case-insensitively: Windows and macOS unpack names that way). */
function uniqueNamer() {
  const taken = new Set<string>();
  return (name: string) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^.]+)?$/, ` (${n})$1`);
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/**
 * Her uploads' files: each item's file (the original as uploaded, where the club keeps it) under
 * `uploads/`, and the copy members see (a photo's display copy, a video's playable version) under
 * `uploads/display/` when it is another object. Only keys and names are held, never a file.
 */
async function uploadFiles(db: Queryable, userId: string) {
  const entries: FileEntry[] = [];
  const names = new Map<string, { file: string; display?: string }>();
  const name = uniqueNamer();
  const displayName = uniqueNamer();
  for (const item of await uploadsOf(db, userId)) {
    const file = `uploads/${name(downloadName(item, item.storageKey))}`;
    entries.push({ key: item.storageKey, name: file, modified: item.uploadDate });
    const shown = item.displayKey ?? item.playbackKey;
    if (shown && shown !== item.storageKey) {
      const display = `uploads/display/${displayName(downloadName(item, shown))}`;
      entries.push({ key: shown, name: display, modified: item.uploadDate });
      names.set(item.id, { file, display });
    } else {
      names.set(item.id, { file });
    }
  }
  return { entries, names };
}

/**
 * A member's data as one zip, written while it is read: `data.json` (her rows, a section at a time)
 * then her uploads' files, each read from the store as it goes into the zip (stored, not compressed:
 * WebP and video are compressed already). Nothing is held whole in memory, whatever she uploaded.
 * Used by the `data-export.build` job (into the media store) and `club user export` (into a file).
 *
 * An object missing from the store (deleted meanwhile) is left out and logged; a store that fails
 * ends the stream with its error, so a copy short of files is never taken for a whole one.
 */
export async function dataExportZip(source: DataExportSource, member: ExportedMember): Promise<Readable> {
  const { db, store, log } = source;
  const files = await uploadFiles(db, member.id);
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
    const now = new Date();
    const json = Readable.from(jsonPieces(sections(db, member, files.names), now));
    reading = json;
    zip.addReadStream(json, "data.json", { mtime: now });
    await finished(json);
    for (const entry of files.entries) {
      const object = await store.get(entry.key);
      if (output.destroyed) {
        object?.stream.destroy();
        return;
      }
      if (!object) {
        log.warn({ key: entry.key }, "a file of a data export is missing from the media store: left out");
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
