import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "./events";
import { media } from "./media";
import { users } from "./users";

/**
 * News in the app (the bell): one row per member and thing that happened to something of hers,
 * written in the transaction of its cause. Acts of one kind on one subject gather on one unread row
 * ("Ana and 19 others liked …"): `actor_ids` (latest first) and `count` grow, `updated_at` moves.
 * What it is about is named by ids, not copied: titles are read, and visibility decided, when she
 * reads it, so a row never tells what she may no longer see.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** comment, like, invited, seat, photos, joined, application (NOTIFICATION_KINDS). */
    kind: text("kind").notNull(),
    /** What the acts gather on: the event, media item, comment or application. */
    subjectId: uuid("subject_id").notNull(),
    /** The event or media item it leads to, which she must still be able to see to read it. */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    mediaId: uuid("media_id").references(() => media.id, { onDelete: "cascade" }),
    actorIds: uuid("actor_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** How many acts gathered here (photos added, comments written). */
    count: integer("count").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    // One unread row per member, kind and subject: what later acts gather on.
    uniqueIndex("notifications_unread_unique").on(t.userId, t.kind, t.subjectId).where(sql`${t.readAt} is null`),
    // Her list, newest first (keyset on updated_at, id).
    index("notifications_user_updated_idx").on(t.userId, t.updatedAt, t.id),
  ],
);

/**
 * Settings → Notifications: the kinds she does not want in the app (they still reach her digest if
 * it tells them), the kinds her digest leaves out, and how often the digest comes ('off', 'daily',
 * 'weekly'). A member without a row has every kind in the app and in a digest she has not asked for.
 */
export const notificationPrefs = pgTable(
  "notification_prefs",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    inAppOff: text("in_app_off").array().notNull().default(sql`'{}'::text[]`),
    emailOff: text("email_off").array().notNull().default(sql`'{}'::text[]`),
    digest: text("digest").notNull().default("off"),
    /** When her last digest went (the next tells what came after). */
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
  },
  (t) => [
    check("notification_prefs_digest", sql`${t.digest} in ('off', 'daily', 'weekly')`),
    index("notification_prefs_digest_idx").on(t.digest, t.digestSentAt),
  ],
);
