import { z } from "zod";
import { digestFrequencies, notificationKinds } from "../notifications";

export const notificationKindPrefsSchema = z
  .object({ kind: z.enum(notificationKinds), inApp: z.boolean(), email: z.boolean() })
  .meta({ id: "NotificationKindPrefs" });

export const notificationPrefsSchema = z
  .object({ kinds: z.array(notificationKindPrefsSchema), digest: z.enum(digestFrequencies) })
  .meta({ id: "NotificationPrefs" });

/** notifications.list */
export const notificationsListAnswer = z.object({
  items: z.array(
    z.object({ at: z.date(), read: z.boolean(), text: z.string(), link: z.string(), id: z.string(), kind: z.string() }),
  ),
  nextCursor: z.string().nullable(),
  unread: z.number(),
});

/** notifications.unread */
export const notificationsUnreadAnswer = z.object({ unread: z.number() });

/** notifications.read */
export const notificationsReadAnswer = z.object({ unread: z.number() });

/** notifications.readAll */
export const notificationsReadAllAnswer = z.object({ unread: z.number() });

/** notifications.prefs */
export const notificationsPrefsAnswer = notificationPrefsSchema;

/** notifications.setPrefs */
export const notificationsSetPrefsAnswer = notificationPrefsSchema;
