import { events, media, type Queryable } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { notify } from "./notify";

/**
 * The item a comment is on, and whose it is: an event's creator, a media item's uploader. One
 * statement either way (it runs inside the comment's or the like's transaction).
 */
export async function ownerOf(db: Queryable, commentableId: string) {
  const [item] = await db
    .select({
      owner: sql<string | null>`${events.createdBy}`.as("owner"),
      eventId: sql<string | null>`${events.id}`.as("event_id"),
      mediaId: sql<string | null>`null::uuid`.as("media_id"),
    })
    .from(events)
    .where(eq(events.id, commentableId))
    .unionAll(
      db
        .select({
          owner: sql<string | null>`${media.uploadedBy}`.as("owner"),
          eventId: sql<string | null>`${media.associatedEventId}`.as("event_id"),
          mediaId: sql<string | null>`${media.id}`.as("media_id"),
        })
        .from(media)
        .where(eq(media.id, commentableId)),
    )
    .limit(1);
  return item;
}

/** A comment on her event or upload: its owner hears of it (one line per item until she reads it). */
export async function noticeComment(db: Queryable, authorId: string, commentableId: string): Promise<void> {
  const item = await ownerOf(db, commentableId);
  if (!item) return;
  await notify(db, {
    kind: "comment",
    recipients: [item.owner],
    actorId: authorId,
    subjectId: commentableId,
    eventId: item.eventId,
    mediaId: item.mediaId,
  });
}

/**
 * A like on her comment: its author hears of it, every like on one comment on one line. The item
 * the comment is on (`ownerOf`) is read by the caller, beside the like itself.
 */
export async function noticeLike(
  db: Queryable,
  likerId: string,
  comment: { id: string; userId: string | null },
  item: { eventId: string | null; mediaId: string | null },
): Promise<void> {
  await notify(db, {
    kind: "like",
    recipients: [comment.userId],
    actorId: likerId,
    subjectId: comment.id,
    eventId: item.eventId,
    mediaId: item.mediaId,
  });
}
