import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Rows deleted, by kind and id, kept RETENTION_DAYS: a sync that asks what changed since its last
 * ask (`updated_since`) learns what went too, which a list of what is left cannot tell it. Written
 * by a trigger on the table itself (migrations 0054, 0056), so every way a row goes (an admin's delete, her
 * own account deletion, a cascade) is told. Ids only: nothing of what the row held is kept.
 */
export const deletedRows = pgTable(
  "deleted_rows",
  {
    kind: text("kind", { enum: ["member", "event"] }).notNull(),
    id: uuid("id").notNull(),
    /** To the millisecond, as answers carry it (migration 0054 says why). */
    deletedAt: timestamp("deleted_at", { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] }), index("deleted_rows_kind_at_idx").on(t.kind, t.deletedAt, t.id)],
);
