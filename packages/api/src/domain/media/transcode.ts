import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { type Db, media, type Queryable } from "@club/db";
import { and, eq, isNull } from "@club/db/orm";
import { type JobInfo, type JobSender, unfinishedJobValues } from "@club/jobs";
import { type MediaStore, makePlayable, playbackPlan, probeVideo } from "@club/storage";
import type { Logger } from "../../context";

export interface TranscodeDeps {
  db: Db;
  store: MediaStore;
  /** Where the video and its playable version are written while the job runs (removed after). */
  tmpDir: string;
  log: Logger;
  /** Whether the file as uploaded is kept beside the playable version (for download). */
  keepOriginals: boolean;
}

/**
 * Another try at a video whose playable version failed: `processing` again and the job, as one
 * change. False when the video is not (or no longer) failed.
 */
export async function retryTranscode(db: Queryable, jobs: JobSender, mediaId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const again = await tx
      .update(media)
      .set({ processing: "processing", processingError: null })
      .where(and(eq(media.id, mediaId), eq(media.processing, "failed")))
      .returning({ id: media.id });
    if (again.length > 0) await jobs.send("media.transcode", { mediaId }, { tx });
    return again.length > 0;
  });
}

/**
 * The `media.transcode` job: the stored upload (already without its metadata) is read from the
 * store, made playable (`makePlayable`: H.264/AAC in MP4, ≤ 1080p, rotation applied, index
 * first), and stored beside it as `play-<random>.mp4` (a second run racing this one writes its own
 * object and removes it when it loses). A video already deleted, or already done, is skipped. The
 * last failed try marks the item `failed`; the server stopping hands the job back (see JobInfo).
 */
export async function transcodeMedia(deps: TranscodeDeps, mediaId: string, job: JobInfo): Promise<void> {
  const { db, store, log } = deps;
  const [row] = await db.select().from(media).where(eq(media.id, mediaId));
  if (row?.processing !== "processing") return;
  await mkdir(deps.tmpDir, { recursive: true });
  const input = join(deps.tmpDir, `transcode-${randomUUID()}`);
  const output = `${input}.mp4`;
  const key = `${row.objectPrefix}/play-${randomBytes(4).toString("hex")}.mp4`;
  try {
    const original = await store.get(row.storageKey);
    if (!original) {
      // Deleted since the row was read (its objects go after it): nothing to do, nothing to retry.
      if (!(await stillProcessing(db, mediaId))) return;
      throw new Error(`The uploaded video ${row.storageKey} is missing from the media store.`);
    }
    await pipeline(original.stream, createWriteStream(input), { signal: job.signal });
    const probe = await probeVideo(input);
    const plan = playbackPlan(probe, row.storageKey.split(".").pop() ?? "");
    const started = Date.now();
    // "As is" (a file stored before this check existed, say): the same streams go into a fresh MP4.
    await makePlayable(input, output, plan === "as-is" ? "remux" : plan, probe, { signal: job.signal });
    // The size as shown is the playable copy's (a 4K upload plays at 1080p).
    const played = await probeVideo(output);
    const { size } = await stat(output);
    await store.put(key, createReadStream(output), "video/mp4", size);
    const done = await db
      .update(media)
      .set({
        playbackKey: key,
        processing: null,
        processingError: null,
        width: played.width,
        height: played.height,
        // Without originals the playable version is the item's file from now on.
        ...(deps.keepOriginals ? {} : { storageKey: key, contentType: "video/mp4", sizeBytes: size }),
      })
      .where(and(eq(media.id, mediaId), eq(media.processing, "processing")))
      .returning({ id: media.id });
    if (done.length === 0) {
      // Another run finished first, or the item was deleted meanwhile (its objects went before
      // this copy was written): what this run stored belongs to nothing.
      const [still] = await db.select({ id: media.id }).from(media).where(eq(media.id, mediaId));
      await (still ? store.delete(key) : store.deletePrefix(row.objectPrefix)).catch((err: unknown) =>
        log.warn({ err, mediaId }, "a converted copy that belongs to nothing was not removed"),
      );
      return;
    }
    if (!deps.keepOriginals)
      await store
        .delete(row.storageKey)
        .catch((err: unknown) => log.warn({ err, mediaId }, "an original kept past its conversion was not removed"));
    log.info({ mediaId, plan, ms: Date.now() - started, bytes: size }, "video made playable");
  } catch (err) {
    await store
      .delete(key)
      .catch((cleanup: unknown) => log.warn({ err: cleanup, mediaId }, "a failed conversion's copy was not removed"));
    if (!job.signal.aborted && job.lastAttempt) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(media)
        .set({ processing: "failed", processingError: message.slice(0, 2000) })
        .where(and(eq(media.id, mediaId), eq(media.processing, "processing")));
    }
    throw err;
  } finally {
    await Promise.all([rm(input, { force: true }), rm(output, { force: true })]);
  }
}

async function stillProcessing(db: Queryable, mediaId: string): Promise<boolean> {
  const [row] = await db.select({ processing: media.processing }).from(media).where(eq(media.id, mediaId));
  return row?.processing === "processing";
}

/**
 * Run when the server starts (with ffmpeg): videos that were never made playable (stored before
 * this existed, or while ffmpeg was missing) are marked `processing`, and every video waiting for
 * its playable version with no job to make it (those, and those of `club db seed`, which has no
 * job queue) gets one, named after the item, so two servers starting together send it once.
 * Videos that play as stored are only copied into a fresh MP4 (no re-encoding).
 */
export async function queueUnplayableVideos(db: Db, jobs: JobSender): Promise<number> {
  await db
    .update(media)
    .set({ processing: "processing" })
    .where(
      and(eq(media.mediaType, "video"), eq(media.status, "ready"), isNull(media.playbackKey), isNull(media.processing)),
    );
  const queued = await unfinishedJobValues(db, "media.transcode", "mediaId");
  const unplayable = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.mediaType, "video"), isNull(media.playbackKey), eq(media.processing, "processing")));
  const waiting = unplayable.filter(({ id }) => !queued.has(id));
  for (const { id } of waiting) await jobs.send("media.transcode", { mediaId: id }, { id });
  return waiting.length;
}
