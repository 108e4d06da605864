import type { Queryable } from "@club/db";
import { detectType, type MediaStore, storeUpload, UNSUPPORTED_TYPE } from "@club/storage";
import { TRPCError } from "@trpc/server";
import { insertMedia } from "./create";

export interface IncomingFile {
  /** A complete file on local disk (uploads are spooled first). */
  path: string;
  size: number;
  filename: string;
}

/** The file's name without a path, for display only (object keys are ours). */
const displayName = (filename: string) => filename.split(/[\\/]/).pop()?.slice(0, 200) || null;

/**
 * Turns a file into a media item: its real type from its bytes, processed into the store,
 * then the row. A failure at any step leaves neither objects nor a row.
 */
export async function ingestMediaFile(
  db: Queryable,
  store: MediaStore,
  file: IncomingFile,
  owner: { uploadedBy: string; associatedEventId: string | null },
): Promise<string> {
  const type = await detectType(file.path);
  if (!type) throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: UNSUPPORTED_TYPE });
  const stored = await storeUpload(store, file, type);
  try {
    return await insertMedia(db, {
      ...stored,
      name: displayName(file.filename),
      mediaType: type.mediaType,
      ...owner,
    });
  } catch (err) {
    for (const key of new Set([stored.storageKey, stored.displayKey, stored.thumbnailKey])) {
      if (key) await store.delete(key).catch(() => {});
    }
    throw err;
  }
}
