import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The club's other systems that hear of what happens here (Admin Panel → Webhooks, `club webhook`):
 * where to post, which kinds of event, and the key each message is signed with (Standard Webhooks'
 * `whsec_…`, kept as shown once to the admin who added it: the server signs with it, so it is kept
 * whole, like the SMTP password in SMTP_URL).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  /** The event types it receives (WEBHOOK_EVENT_TYPES). */
  events: text("events").array().notNull(),
  secret: text("secret").notNull(),
  /**
   * The secret it had before its last rotation, which signs beside the new one until
   * `previousSecretUntil`: a receiver moves to the new one without missing a message.
   */
  previousSecret: text("previous_secret"),
  previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Since when its messages fail after a day of tries; null while it answers. Each message then has one try. */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  /**
   * Tries that failed one after another since the last that got through, and when the first of them
   * was: the admins are told at the fifth, and the club pauses it after three days of failures.
   */
  failedTries: integer("failed_tries").notNull().default(0),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }),
  /** Paused since then: its messages wait (in order) until an admin resumes it; null while it runs. */
  pausedAt: timestamp("paused_at", { withTimezone: true }),
  /** Why: 'admin' (an admin paused it) or 'failing' (the club, after three days of failures). */
  pausedBecause: text("paused_because"),
  /** A server delivering its messages holds it until then (one delivers at a time, in order). */
  leasedUntil: timestamp("leased_until", { withTimezone: true }),
});

/**
 * One message to one endpoint, written in the transaction of what it tells, and its delivery log:
 * its state, tries, and the last answer. `seq` orders an endpoint's messages.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The message as posted: `{ type, timestamp, data }`. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When this round of tries began (its creation, or a Redeliver): tries go on for a day from it. */
    triesFrom: timestamp("tries_from", { withTimezone: true }).notNull().defaultNow(),
    /** When the next try is due. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The last answer's HTTP status; null when none came (refused, timed out, address not allowed). */
    responseStatus: integer("response_status"),
    /** Why the last try failed, in words; null after a success. */
    lastError: text("last_error"),
  },
  (t) => [
    check("webhook_deliveries_status", sql`${t.status} in ('pending', 'delivered', 'failed')`),
    // An endpoint's next message (its oldest pending), and its log newest first.
    index("webhook_deliveries_pending_idx").on(t.endpointId, t.seq).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_log_idx").on(t.endpointId, t.seq),
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
