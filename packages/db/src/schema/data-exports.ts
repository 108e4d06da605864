import { sql } from "drizzle-orm";
import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const dataExportStatuses = ["pending", "ready", "failed"] as const;
export const dataExportStatusEnum = pgEnum("data_export_status", dataExportStatuses);

/**
 * A member's "Download my data": asked for in Settings, built by the `data-export.build` job into
 * one zip in the media store (under `exports/<random>`), fetched by her alone until `expires_at`,
 * then removed with its file by housekeeping. Goes with her account.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: dataExportStatusEnum("status").notNull().default("pending"),
    /** The zip's key in the media store, set when it is written (random: nothing to guess). */
    objectKey: text("object_key"),
    size: bigint("size", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    /** When the link stops working (24 hours after it was ready). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("data_exports_user_created_idx").on(t.userId, t.createdAt),
    // Housekeeping looks for expired files without reading every export ever made.
    index("data_exports_expires_idx").on(t.expiresAt).where(sql`${t.objectKey} is not null`),
  ],
);

export type DataExport = typeof dataExports.$inferSelect;
