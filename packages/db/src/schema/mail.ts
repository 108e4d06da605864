import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { mailStatusEnum } from "./enums";
import { GIN_WRITES_BATCHED } from "./gin";
import { users } from "./users";

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text content (e.g. an .ics file). */
  content: string;
}

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /** Extra header lines the message is sent with (List-Unsubscribe and List-Unsubscribe-Post on bulk mail). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: mailStatusEnum("status").notNull().default("pending"),
    /** Delivery attempts so far; each is a run of the message's `mail.send` job. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * When the body (and attachments) of a delivered message were removed: one-time links must not
     * stay readable in the database after MAIL_KEEP_DAYS. The envelope stays as the delivery log.
     */
    bodyPurgedAt: timestamp("body_purged_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_status_idx").on(t.status, t.createdAt),
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_purge_idx").on(t.sentAt).where(sql`${t.bodyPurgedAt} is null`),
    // The outbox screen's search is a "contains" match on the address and the subject.
    index("mail_outbox_to_trgm_idx").using("gin", sql`${t.to} gin_trgm_ops`).with(GIN_WRITES_BATCHED),
    index("mail_outbox_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`).with(GIN_WRITES_BATCHED),
  ],
);

export type OutboxMessage = typeof mailOutbox.$inferSelect;

/**
 * The admins' group e-mails as sent (one row per message, not per recipient): those to all members
 * are the club's news on every member's home. The body is the sanitised one the members received.
 */
export const groupMails = pgTable(
  "group_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    /** The body as sanitised for the mail, and as plain text. */
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** The recipient group as sent (`all`, `founding`, `testing`, `selected`, …). */
    recipientGroup: text("recipient_group").notNull(),
    recipients: integer("recipients").notNull(),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("group_mails_group_sent_idx").on(t.recipientGroup, t.sentAt)],
);

/**
 * An admin's group e-mail waiting for its time (Admin Panel → Bulk e-mail, "Schedule"). The row
 * exists exactly while the message waits: sending it moves it into `group_mails` (one transaction
 * with its messages), cancelling deletes it. A keyed job (`mail.scheduled`, keyed by the row's id)
 * wakes at `send_at`; the job only ever sends what this row says at that moment.
 */
export const scheduledGroupMails = pgTable(
  "scheduled_group_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    /** The body as the admin wrote it, sanitised (it is sanitised again when it leaves). */
    body: text("body").notNull(),
    recipientGroup: text("recipient_group").notNull(),
    /** The members chosen one by one, for the `selected` group. */
    selectedMemberIds: uuid("selected_member_ids").array(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("scheduled_group_mails_send_at_idx").on(t.sendAt)],
);
export type ScheduledGroupMail = typeof scheduledGroupMails.$inferSelect;
