/** What the bell tells of (Settings → Notifications names each). */
export const notificationKinds = ["comment", "like", "invited", "seat", "photos", "joined", "application"] as const;
export type NotificationKind = (typeof notificationKinds)[number];
