import { Readable } from "node:stream";
import type { Queryable } from "@club/db";
import type { MediaStore } from "@club/storage";
import type { Logger } from "../../context";
import { downloadName } from "../media/download";
import { storedObjectsZip, type ZipEntry } from "../media/stored-zip";
import { type ExportedMember, jsonPieces, sections, uploadsOf } from "./contents";

export interface DataExportSource {
  db: Queryable;
  store: MediaStore;
  log: Logger;
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
  const entries: ZipEntry[] = [];
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
  const now = new Date();
  return storedObjectsZip(store, files.entries, log, {
    lead: {
      name: "data.json",
      modified: now,
      open: () => Readable.from(jsonPieces(sections(db, member, files.names), now)),
    },
    missing: "a file of a data export is missing from the media store: left out",
  });
}
