import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * REST creates sent with an `Idempotency-Key` header: the first request's answer, kept a day, so
 * that a retry with the same key (a script's or CI's, after a lost answer) gets that answer again
 * instead of making a second event, comment or upload. A key is hers: another member's same key is
 * another request. `status` is null while the first request is still being handled.
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** The method and URL the key was first sent with. */
    request: text("request").notNull(),
    /** A hash of what was sent (the JSON body); a retry that differs is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    answer: text("answer"),
    contentType: text("content_type"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
