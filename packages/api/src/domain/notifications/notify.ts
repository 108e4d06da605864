import { notifications, type Queryable } from "@club/db";
import { sql } from "@club/db/orm";
import type { NotificationKind } from "@club/shared";

/** The most actors a row keeps by id (it shows the latest and counts the rest). */
const ACTORS_KEPT = 100;

export interface Notice {
  kind: NotificationKind;
  /** Who hears of it; the actor never hears of her own act. */
  recipients: readonly (string | null | undefined)[];
  /** Who did it (none: the club, as for a seat from the waitlist). */
  actorId: string | null;
  /** What acts of this kind gather on (one unread row per member, kind and subject). */
  subjectId: string;
  eventId?: string | null;
  mediaId?: string | null;
  /** How many acts this is (photos added at once). */
  count?: number;
}

/**
 * Writes the news of an act in the transaction of the act (`db` is that transaction). Recipients
 * are chosen by their part in what the act touched (its creator, uploader, author, participants,
 * invitee, the admins), which is what lets them see it; reading checks it again
 * (`readableNotifications`). A later act of the same kind on the same subject joins her unread row.
 */
export async function notify(db: Queryable, notice: Notice): Promise<void> {
  const recipients = [...new Set(notice.recipients)].filter(
    (id): id is string => typeof id === "string" && id !== notice.actorId,
  );
  if (recipients.length === 0) return;
  const actors = notice.actorId ? [notice.actorId] : [];
  const count = notice.count ?? 1;
  await db
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        userId,
        kind: notice.kind,
        subjectId: notice.subjectId,
        eventId: notice.eventId ?? null,
        mediaId: notice.mediaId ?? null,
        actorIds: actors,
        count,
      })),
    )
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.kind, notifications.subjectId],
      targetWhere: sql`${notifications.readAt} is null`,
      set: {
        // The latest actor first, once.
        actorIds: notice.actorId
          ? sql`(array_prepend(${notice.actorId}::uuid, array_remove(${notifications.actorIds}, ${notice.actorId}::uuid)))[1:${sql.raw(String(ACTORS_KEPT))}]`
          : sql`${notifications.actorIds}`,
        count: sql`${notifications.count} + ${count}`,
        updatedAt: sql`now()`,
      },
    });
}
