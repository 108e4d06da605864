import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Keys the server signs with (the device cookie's HMAC key), made once by whichever instance needs
 * one first. They live in the database so that every instance, and every restart, signs alike.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  /** Base64 of random bytes. */
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
