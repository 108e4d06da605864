import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiTokenScopeEnum, memberTypeEnum, signInMethodEnum } from "./enums";
import { GIN_WRITES_BATCHED } from "./gin";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Always stored lower-cased; the unique index is on the stored value. */
    email: text("email").notNull(),
    type: memberTypeEnum("type").notNull().default("Standard"),
    admin: boolean("admin").notNull().default(false),
    passwordHash: text("password_hash").notNull(),
    /** Set when an admin resets the password to the temporary one: the next sign-in must choose a new one. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Members of the Testing Team mailing group (set by admins on the Users screen). */
    testingTeam: boolean("testing_team").notNull().default(false),
    /** Whether she is e-mailed a reminder before the events she joined (Settings). */
    eventReminders: boolean("event_reminders").notNull().default(true),
    // Which bulk mail she receives (Settings → E-mail, and the one-click unsubscribe links in those
    // mails). Account mail (registration, resets, security notices) has no switch: it always goes.
    mailGroup: boolean("mail_group").notNull().default(true),
    mailAnnouncements: boolean("mail_announcements").notNull().default(true),
    mailEventChanges: boolean("mail_event_changes").notNull().default(true),
    /** The notification digest's switch (its unsubscribe link); how often is in `notification_prefs`. */
    mailDigest: boolean("mail_digest").notNull().default(true),
    /** A message waiting unread for 15 minutes is e-mailed to her (Messages). */
    mailMessages: boolean("mail_messages").notNull().default(true),
    /** When she last opened her home (My club): what arrived since is marked new there. */
    homeSeenAt: timestamp("home_seen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When what the members' list shows of her (name, e-mail, type, admin right, Testing Team) last
     * changed: moved by the `users_updated_at` trigger (migration 0054), not by her visits or
     * settings, so that a sync asking for changes (`updated_since`) gets only what it shows.
     */
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_name_idx").on(t.name),
    index("users_updated_idx").on(t.updatedAt, t.id),
    // Trigram indexes answer the admins' "contains" search (`ilike '%…%'`) without reading every row.
    index("users_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`).with(GIN_WRITES_BATCHED),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`).with(GIN_WRITES_BATCHED),
    // Guards the lower-casing rule at the database level too.
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session token, hex encoded; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** How she signed in (the club may require admins to use a passkey or the identity provider). */
    method: signInMethodEnum("method").notNull().default("password"),
    /** The browser's User-Agent and address at sign-in, then as last seen: shown in Settings → Security. */
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** Moved forward at most every few minutes, and without telling the servers' session caches. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Until when a session signed in with a password alone may add a way in (a passkey, an
     * identity): set by opening a confirmation link mailed to her. The session caches never see it
     * (the `sessions_auth_changed` trigger ignores this column), so it is read with a query.
     */
    confirmedUntil: timestamp("confirmed_until", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export type User = typeof users.$inferSelect;

/**
 * Links mailed to a member to confirm a session signed in with a password (adding a passkey or an
 * identity needs one): only the SHA-256 of the token is kept, it serves once, for the session that
 * asked, and ends with it.
 */
export const sessionConfirmations = pgTable(
  "session_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /**
     * The short code in the same mail, typed where she asked (her mailbox may be on her phone,
     * where the link would open in the wrong browser). Good only with this row's session.
     */
    codeHash: text("code_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("session_confirmations_session_idx").on(t.sessionId)],
);

export type Session = typeof sessions.$inferSelect;

/** Personal API tokens for scripts: only the SHA-256 of the token is stored. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /**
     * What the token may do; tokens made before scopes existed became `admin`
     * (docs/decisions/existing-tokens-became-admin.md).
     */
    scope: apiTokenScopeEnum("scope").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** How the session that made it was signed in: an admin's token is as strong as the sign-in it came from. */
    createdWith: signInMethodEnum("created_with").notNull().default("password"),
    /**
     * When it stopped working, and why in words ("by Ada Lovelace", "when its owner's password or
     * rights changed"): kept a while (RETENTION_DAYS) so that its refusal says so, not "mistyped".
     */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBecause: text("revoked_because"),
  },
  (t) => [uniqueIndex("api_tokens_hash_unique").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);
