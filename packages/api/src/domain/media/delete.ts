import { comments, type Db, media } from "@club/db";
import { inArray } from "@club/db/orm";
import type { MediaStore } from "@club/storage";
import type { Logger } from "../../context";

type MediaRow = typeof media.$inferSelect;

/**
 * Deletes media items the caller was allowed to delete (`requireManageableMedia`): their rows and
 * comments in one transaction, then their objects in the store.
 */
export async function deleteMedia(ctx: { db: Db; store: MediaStore; log: Logger }, rows: MediaRow[]): Promise<void> {
  const ids = rows.map((r) => r.id);
  // Comments point at what they belong to without a foreign key (events and media alike).
  await ctx.db.transaction(async (tx) => {
    await tx.delete(comments).where(inArray(comments.commentableId, ids));
    await tx.delete(media).where(inArray(media.id, ids));
  });
  await deleteMediaObjects(ctx.store, rows, ctx.log);
}

/** After the rows are gone: a failure to remove an object is logged, never shown (the row is what counts). */
async function deleteMediaObjects(store: MediaStore, rows: MediaRow[], log: Logger) {
  for (const row of rows) {
    await store
      .deletePrefix(row.objectPrefix)
      .catch((err: unknown) => log.warn({ err, prefix: row.objectPrefix }, "could not delete a media item's objects"));
  }
}
