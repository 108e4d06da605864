import { notificationPrefs, notifications, profiles, type Queryable, showcaseItems } from "@club/db";
import { and, asc, eq, gt, sql } from "@club/db/orm";
import { PAGE, paged, type Section } from "./paging";

/** What she shows other members and what the club told her: her profile, notifications and their settings. */
export function communitySections(db: Queryable, id: string): Section[] {
  return [
    {
      // What she tells other members (`/members/{id}`), and her showcase's items by id, in order.
      name: "memberProfile",
      value: async () => {
        const [row] = await db
          .select({
            bio: profiles.bio,
            talents: profiles.talents,
            interests: profiles.interests,
            showEmail: profiles.showEmail,
            hasPortrait: sql<boolean>`${profiles.portraitPrefix} is not null`,
            updatedAt: profiles.updatedAt,
          })
          .from(profiles)
          .where(eq(profiles.userId, id));
        const showcase = await db
          .select({ mediaId: showcaseItems.mediaId })
          .from(showcaseItems)
          .where(eq(showcaseItems.userId, id))
          .orderBy(asc(showcaseItems.position));
        return { ...(row ?? null), showcase: showcase.map((s) => s.mediaId) };
      },
    },
    {
      // Her notifications: what each was about (by id), how many acts, when, and whether read. Not
      // who did them: those are other members' acts.
      name: "notifications",
      rows: () =>
        paged((after) =>
          db
            .select({
              cursor: notifications.id,
              id: notifications.id,
              kind: notifications.kind,
              subjectId: notifications.subjectId,
              eventId: notifications.eventId,
              mediaId: notifications.mediaId,
              count: notifications.count,
              createdAt: notifications.createdAt,
              updatedAt: notifications.updatedAt,
              readAt: notifications.readAt,
            })
            .from(notifications)
            .where(and(eq(notifications.userId, id), after ? gt(notifications.id, after) : undefined))
            .orderBy(asc(notifications.id))
            .limit(PAGE),
        ),
    },
    {
      // Settings → Notifications as she set it (none: every kind, no digest).
      name: "notificationSettings",
      value: async () => {
        const [prefs] = await db
          .select({
            inAppOff: notificationPrefs.inAppOff,
            digestOff: notificationPrefs.emailOff,
            digest: notificationPrefs.digest,
            digestSentAt: notificationPrefs.digestSentAt,
          })
          .from(notificationPrefs)
          .where(eq(notificationPrefs.userId, id));
        return prefs ?? null;
      },
    },
  ];
}
