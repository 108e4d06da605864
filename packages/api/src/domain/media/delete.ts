import { comments, type Db, media, type Queryable, users } from "@club/db";
import { inArray } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { MediaStore } from "@club/storage";
import type { Logger } from "../../context";
import { actsOnOthers } from "../access";
import { type AuditActor, recordAudit } from "../audit/record";
import { emitWebhook } from "../webhooks/emit";

type MediaRow = typeof media.$inferSelect;

/**
 * Deletes media items the caller was allowed to delete (`requireManageableMedia`): their rows and
 * comments in one transaction, then their objects in the store. Each item that was not the
 * deleter's own (an admin's act) goes to the audit log in that transaction, and each item's
 * `media.deleted` message to the endpoints that asked.
 */
export async function deleteMedia(
  ctx: { db: Db; jobs: JobSender; store: MediaStore; log: Logger },
  rows: MediaRow[],
  deleter: { id: string; audit: AuditActor },
): Promise<void> {
  const ids = rows.map((r) => r.id);
  // Comments point at what they belong to without a foreign key (events and media alike).
  await ctx.db.transaction(async (tx) => {
    await tx.delete(comments).where(inArray(comments.commentableId, ids));
    await tx.delete(media).where(inArray(media.id, ids));
    await recordOthersDeleted(
      tx,
      deleter,
      rows.filter((r) => actsOnOthers(deleter.id, r.uploadedBy)),
    );
    await emitWebhook(
      tx,
      ctx.jobs,
      "media.deleted",
      rows.map((r) => ({ id: r.id, eventId: r.associatedEventId, uploadedBy: r.uploadedBy, deletedBy: deleter.id })),
    );
  });
  await deleteMediaObjects(ctx.store, rows, ctx.log);
}

/** A record per item, naming its uploader by her e-mail at the time. */
async function recordOthersDeleted(tx: Queryable, deleter: { audit: AuditActor }, rows: MediaRow[]) {
  if (rows.length === 0) return;
  const uploaderIds = [...new Set(rows.flatMap((r) => (r.uploadedBy ? [r.uploadedBy] : [])))];
  const uploaders = uploaderIds.length
    ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, uploaderIds))
    : [];
  for (const row of rows) {
    await recordAudit(tx, deleter.audit, {
      kind: "media.deleted",
      targetId: row.id,
      detail: {
        title: row.title ?? row.name,
        mediaType: row.mediaType,
        uploadedBy: uploaders.find((u) => u.id === row.uploadedBy)?.email ?? null,
        eventId: row.associatedEventId,
      },
    });
  }
}

/** After the rows are gone: a failure to remove an object is logged, never shown (the row is what counts). */
async function deleteMediaObjects(store: MediaStore, rows: MediaRow[], log: Logger) {
  for (const row of rows) {
    await store
      .deletePrefix(row.objectPrefix)
      .catch((err: unknown) => log.warn({ err, prefix: row.objectPrefix }, "could not delete a media item's objects"));
  }
}

/**
 * The `media.delete-objects` job: a deleted member's items' objects, by their prefixes (their rows
 * went in the deletion's transaction). A prefix already empty is no error, so a retried job that
 * got half-way does the rest; a store that fails fails the job, which is retried.
 */
export async function deleteStoredObjects(store: MediaStore, prefixes: string[]): Promise<void> {
  for (const prefix of prefixes) await store.deletePrefix(prefix);
}
