import { z } from "./zod";

/** What the bell tells of (Settings → Notifications names each). */
export const notificationKinds = [
  "comment",
  "like",
  "media_like",
  "invited",
  "seat",
  "changed",
  "cancelled",
  "photos",
  "joined",
  "application",
  "stay",
  "report",
  "webhook",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds only admins are told of (news of the club's running, not of a member's own things). */
export const adminNotificationKinds = ["application", "report", "webhook"] as const satisfies NotificationKind[];

export const digestFrequencies = ["off", "daily", "weekly"] as const;

/** How Settings → Notifications names each kind. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  comment: "Comments on your events and uploads",
  like: "Likes on your comments",
  media_like: "Likes on your photos and videos",
  invited: "Invitations to events",
  seat: "A seat from a waitlist",
  changed: "Changes to events you joined",
  cancelled: "Events you joined that are cancelled",
  photos: "New photos in events you joined",
  joined: "Members you invited who joined",
  application: "Membership applications (admins)",
  stay: "Stays in members' homes: requests and answers",
  report: "Messages reported by members (admins)",
  webhook: "Webhooks that keep failing, or are paused for it (admins)",
};

export const notificationPrefsUpdate = z.object({
  kinds: z
    .array(z.object({ kind: z.enum(notificationKinds), inApp: z.boolean(), email: z.boolean() }))
    .max(notificationKinds.length),
  digest: z.enum(digestFrequencies),
});
export type NotificationPrefsUpdate = z.infer<typeof notificationPrefsUpdate>;
