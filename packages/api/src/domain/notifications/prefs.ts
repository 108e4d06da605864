import { notificationPrefs, type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import { type NotificationKind, type NotificationPrefsUpdate, notificationKinds } from "@club/shared";

/** Settings → Notifications: per kind, in the app and in the digest; and how often the digest comes. */
export async function notificationPrefsOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      inAppOff: notificationPrefs.inAppOff,
      emailOff: notificationPrefs.emailOff,
      digest: notificationPrefs.digest,
    })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  const [user] = await db.select({ mailDigest: users.mailDigest }).from(users).where(eq(users.id, userId));
  const inAppOff = new Set(row?.inAppOff ?? []);
  const emailOff = new Set(row?.emailOff ?? []);
  return {
    kinds: notificationKinds.map((kind) => ({ kind, inApp: !inAppOff.has(kind), email: !emailOff.has(kind) })),
    // The digest's unsubscribe link turns it off without touching the chosen frequency's row.
    digest: user?.mailDigest === false ? ("off" as const) : ((row?.digest ?? "off") as "off" | "daily" | "weekly"),
  };
}

/** Saves her choices; choosing a digest turns its e-mail switch (and unsubscribe link's) back on. */
export async function setNotificationPrefs(db: Queryable, userId: string, input: NotificationPrefsUpdate) {
  const off = (pick: (k: NotificationPrefsUpdate["kinds"][number]) => boolean) =>
    input.kinds.filter((k) => !pick(k)).map((k) => k.kind as NotificationKind);
  const values = { inAppOff: off((k) => k.inApp), emailOff: off((k) => k.email), digest: input.digest };
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPrefs)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationPrefs.userId, set: values });
    await tx
      .update(users)
      .set({ mailDigest: input.digest !== "off" })
      .where(eq(users.id, userId));
  });
  return notificationPrefsOf(db, userId);
}
