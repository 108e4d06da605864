import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { GIN_WRITTEN_AT_ONCE } from "./gin";
import { media } from "./media";
import { users } from "./users";

/**
 * Her talents as one text, a line each (the function `club_talents_text`, migration 0035): what the
 * trigram index of talents holds, so that "a talent contains" is looked up there, not in every profile.
 */
export const talentsText = (talents: AnyPgColumn) => sql<string>`club_talents_text(${talents})`;

/**
 * What a member tells the others about herself (`/members/{id}`, Settings → Profile). A row of its
 * own, not columns of `users`: changes to `users` end the servers' cached sessions and kept answers
 * (migrations 0014 and 0015), which a new bio has no reason to do. A member without a row has an
 * empty profile.
 */
export const profiles = pgTable(
  "profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    bio: text("bio").notNull().default(""),
    /** What she does and makes, as she writes it (at most 20, each at most 40 characters). */
    talents: text("talents").array().notNull().default(sql`'{}'::text[]`),
    /** The club's activities she cares for (the application's choices, which she then edits). */
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    /** Whether other members see her e-mail address (admins always do). */
    showEmail: boolean("show_email").notNull().default(false),
    /** Her portrait's objects live under this prefix (`portraits/<uuid>`); null: none. */
    portraitPrefix: text("portrait_prefix"),
    /** A ThumbHash of the portrait: its blurred preview while it loads. */
    portraitPlaceholder: text("portrait_placeholder"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("profiles_talents_idx").using("gin", t.talents).with(GIN_WRITTEN_AT_ONCE),
    // The directory's search: a talent that contains what was typed (`ilike '%…%'`).
    index("profiles_talents_trgm_idx")
      .using("gin", sql`${talentsText(t.talents)} gin_trgm_ops`)
      .with(GIN_WRITTEN_AT_ONCE),
  ],
);

/** Her creations on show: up to twelve of her own photos and videos, in the order she chose. */
export const showcaseItems = pgTable(
  "showcase_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mediaId] }),
    index("showcase_items_user_position_idx").on(t.userId, t.position),
  ],
);
