import { media, type Queryable } from "@club/db";
import { eq } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import {
  detectType,
  type MediaStore,
  newObjectPrefix,
  storeUpload,
  UNSUPPORTED_TYPE,
  UnreadableMedia,
  VideoTooLong,
} from "@club/storage";
import { TRPCError } from "@trpc/server";
import { insertedRow } from "../../lib/rows";
import { noticeEventMedia } from "../notifications/on-events";
import { HOME_PHOTOS_ONLY } from "../travel/photos";
import { emitWebhook } from "../webhooks/emit";

export interface IncomingFile {
  /** A complete file on local disk (uploads are spooled first). */
  path: string;
  size: number;
  filename: string;
}

/** The file's name without a path or control characters, for display only (object keys are ours). */
export function displayName(filename: string): string | null {
  const printable = [...filename].filter((c) => c.charCodeAt(0) > 0x1f && c !== "\u007f").join("");
  return printable.split(/[\\/]/).pop()?.trim().slice(0, 200) || null;
}

/**
 * Turns a file into a media item: its real type from its bytes, then a pending row, the objects in
 * the store, and the row made ready. A failure leaves neither objects nor a row; a crash half-way
 * leaves a pending row that `sweepPendingMedia` removes with its objects. A video that will not
 * play in every browser as it is is shown at once (its poster) and marked `processing`, with the
 * job that makes its playable version sent in the same change; without `jobs` (the demo seed) the
 * server queues it when it starts.
 */
export async function ingestMediaFile(
  db: Queryable,
  store: MediaStore,
  file: IncomingFile,
  owner: { uploadedBy: string; associatedEventId: string | null; homeId?: string | null },
  jobs?: JobSender,
  /** The longest video accepted, and where the video's temporary copy goes (see storeUpload). */
  options: { maxVideoSeconds?: number | undefined; tmpDir?: string | undefined } = {},
): Promise<string> {
  const type = await detectType(file.path);
  if (!type) throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: UNSUPPORTED_TYPE });
  if (owner.homeId && type.mediaType !== "image") {
    throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: HOME_PHOTOS_ONLY });
  }
  const prefix = newObjectPrefix();
  // Her title comes from her (at upload, or later), never from the file's name, kept for downloads.
  const fileName = displayName(file.filename);
  const { id } = insertedRow(
    await db
      .insert(media)
      .values({
        objectPrefix: prefix,
        storageKey: prefix,
        mediaType: type.mediaType,
        contentType: type.mime,
        sizeBytes: file.size,
        fileName,
        status: "pending",
        ...owner,
      })
      .returning({ id: media.id }),
  );
  try {
    const { playback, ...stored } = await storeUpload(store, file, type, prefix, options);
    const needsWork = playback === "remux" || playback === "transcode";
    await db.transaction(async (tx) => {
      await tx
        .update(media)
        .set({
          ...stored,
          status: "ready",
          playbackKey: playback === "as-is" ? stored.storageKey : null,
          processing: needsWork ? "processing" : null,
        })
        .where(eq(media.id, id));
      if (needsWork && jobs) await jobs.send("media.transcode", { mediaId: id }, { tx });
      if (owner.associatedEventId) await noticeEventMedia(tx, owner.associatedEventId, owner.uploadedBy);
      // A member's upload (a seed, which passes no queue, tells nobody).
      if (jobs) {
        await emitWebhook(tx, jobs, "media.uploaded", {
          id,
          eventId: owner.associatedEventId,
          uploadedBy: owner.uploadedBy,
          mediaType: type.mediaType,
          contentType: type.mime,
          title: null,
          fileName,
          sizeBytes: file.size,
        });
      }
    });
    return id;
  } catch (err) {
    // Nothing half-stored: the item's files and row go. If the store or the database refuses that
    // too, the failure above is still the one to answer; files left are reported by the daily
    // housekeeping (unreferenced objects), and a pending row is swept after a day.
    await store.deletePrefix(prefix).catch(() => {});
    await db
      .delete(media)
      .where(eq(media.id, id))
      .catch(() => {});
    if (err instanceof UnreadableMedia) {
      throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: err.message, cause: err });
    }
    if (err instanceof VideoTooLong) {
      throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: err.message, cause: err });
    }
    throw err;
  }
}
