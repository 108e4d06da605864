import { media, type Queryable } from "@club/db";
import { and, eq, lt, sql } from "@club/db/orm";
import type { MediaStore } from "@club/storage";
import type { Logger } from "../../context";

/** How long an upload may stay pending before it counts as abandoned (a crash half-way). */
export const PENDING_MEDIA_TTL_MS = 60 * 60 * 1000;

/**
 * Removes uploads that never finished (the server stopped between accepting a file and storing
 * it): their objects, then their rows. Run at start and hourly.
 */
export async function sweepPendingMedia(
  db: Queryable,
  store: MediaStore,
  log: Logger,
  olderThanMs = PENDING_MEDIA_TTL_MS,
): Promise<number> {
  const stale = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.status, "pending"),
        lt(media.uploadDate, sql`now() - ${Math.round(olderThanMs)}::integer * interval '1 millisecond'`),
      ),
    )
    .limit(1000);
  for (const row of stale) {
    try {
      await store.deletePrefix(row.objectPrefix);
      await db.delete(media).where(and(eq(media.id, row.id), eq(media.status, "pending")));
    } catch (err) {
      log.warn({ err, prefix: row.objectPrefix }, "could not sweep an unfinished upload; will try again");
    }
  }
  if (stale.length) log.info({ swept: stale.length }, "removed unfinished uploads");
  return stale.length;
}
