import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { media } from "./media";
import { stays } from "./travel";
import { users } from "./users";

/**
 * Private conversations between members (Messages): one member writing to another, or to a small
 * group (up to 10 in all). Only its members read it; admins see a message only once it is reported
 * to them, with a few lines around it (domain/conversations/reports.ts).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who started it; null once she is deleted. */
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    /** The stay whose guest and host it is between (a stay request opens one). */
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its last message was written: her list is newest first. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("conversations_stay_idx").on(t.stayId)],
);

/** A member of a conversation, and where she is in it. */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** She left the group: it is no longer in her list, and she neither reads nor writes in it. */
    leftAt: timestamp("left_at", { withTimezone: true }),
    /** Muted: no e-mail, and not counted in her unread number (its unread mark stays). */
    muted: boolean("muted").notNull().default(false),
    /** She has read every message written up to this moment. */
    readUpTo: timestamp("read_up_to", { withTimezone: true }).notNull().defaultNow(),
    /** The messages written up to this moment were e-mailed to her (or read before they were due). */
    mailedUpTo: timestamp("mailed_up_to", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_members_user_idx").on(t.userId)],
);

/** A message: plain text (links made clickable when shown, never HTML), and perhaps a gallery photo. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Null once its author is deleted (DELETED_MEMBER_CONTENT=anonymise): "Former member". */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** A gallery photo shared as a card (shown to each reader only while she may see it). */
    mediaId: uuid("media_id").references(() => media.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("messages_body_length", sql`char_length(${t.body}) <= 4000`),
    index("messages_conversation_idx").on(t.conversationId, t.createdAt, t.id),
    index("messages_author_idx").on(t.authorId),
  ],
);

/** A member she blocked: no new conversation or message from her. */
export const memberBlocks = pgTable(
  "member_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("member_blocks_blocked_idx").on(t.blockedId),
    check("member_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A message reported to the admins, with her reason; an admin closes it once dealt with. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("message_reports_open_idx").on(t.closedAt, t.createdAt)],
);
