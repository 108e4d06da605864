// News in the app: a member reads only what is about something she may see now.
import { events, media, notifications } from "@club/db";
import { and, eq, exists, isNull, notInArray, or, type SQL, sql } from "@club/db/orm";
import { adminNotificationKinds } from "@club/shared";
import type { ViewerRef } from "./callers";
import { visibleEvents } from "./events";
import { visibleMedia } from "./media";

/**
 * The condition on `notifications` for the rows a member reads: hers, about an event and a media
 * item she may still see (an invitation withdrawn, an event made invite-only, a photo moved into an
 * event hidden from her: the row stays unread but untold), and the news of the club's running (applications, reported messages, failing webhooks) for admins only.
 * Checked when she reads, not when the row was written: what she may see changes in between. A
 * prepared query passes a placeholder for her id (`ViewerRef`).
 */
export function readableNotifications(viewer: ViewerRef): SQL | undefined {
  return and(
    eq(notifications.userId, viewer.id),
    or(
      isNull(notifications.eventId),
      exists(sql`(select 1 from ${events} where ${and(eq(events.id, notifications.eventId), visibleEvents(viewer))})`),
    ),
    or(
      isNull(notifications.mediaId),
      exists(sql`(select 1 from ${media} where ${and(eq(media.id, notifications.mediaId), visibleMedia(viewer))})`),
    ),
    viewer.admin ? undefined : notInArray(notifications.kind, [...adminNotificationKinds]),
  );
}
