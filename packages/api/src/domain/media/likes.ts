import { type media, mediaLikes, type Queryable } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { notify } from "../notifications/notify";

/**
 * Likes on photos and videos, as on comments: one per member and item (a like given again changes
 * nothing), and the uploader hears of the first one of each member in her bell, every like on one
 * item gathered on one line. Callers check first that she may see the item (`requireVisibleMedia`).
 */
export async function likeMedia(
  db: Queryable,
  userId: string,
  item: Pick<typeof media.$inferSelect, "id" | "uploadedBy" | "associatedEventId">,
) {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(mediaLikes)
      .values({ mediaId: item.id, userId })
      .onConflictDoNothing()
      .returning({ id: mediaLikes.mediaId });
    const [likes] = await Promise.all([
      likesOf(tx, userId, item.id),
      // A like given again (the button pressed twice) is no news; her own like on her own item neither (notify).
      added.length > 0
        ? notify(tx, {
            kind: "media_like",
            recipients: [item.uploadedBy],
            actorId: userId,
            subjectId: item.id,
            eventId: item.associatedEventId,
            mediaId: item.id,
          })
        : undefined,
    ]);
    return likes;
  });
}

export async function unlikeMedia(db: Queryable, userId: string, id: string) {
  await db.delete(mediaLikes).where(and(eq(mediaLikes.mediaId, id), eq(mediaLikes.userId, userId)));
  return likesOf(db, userId, id);
}

/** The item's like count and whether she likes it. */
export async function likesOf(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .select({
      like_count: sql<number>`count(*)::int`,
      user_liked: sql<boolean>`coalesce(bool_or(${mediaLikes.userId} = ${userId}), false)`,
    })
    .from(mediaLikes)
    .where(eq(mediaLikes.mediaId, id));
  return { like_count: row?.like_count ?? 0, user_liked: row?.user_liked ?? false };
}
