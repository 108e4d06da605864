import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { memberTypeEnum } from "./enums";
import { users } from "./users";

export const invitationCodes = pgTable(
  "invitation_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 of the code, hex encoded. */
    codeHash: text("code_hash").notNull().unique(),
    /** The last characters of the code, so admins can tell codes apart without the secret. */
    hint: text("hint").notNull(),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("invitation_codes_uses_within_max", sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`)],
);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invitationCodeId: uuid("invitation_code_id").references(() => invitationCodes.id, { onDelete: "set null" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    reason: text("reason").notNull(),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    availability: text("availability"),
    referral: text("referral"),
    comments: text("comments"),
    membershipType: memberTypeEnum("membership_type").notNull(),
    /** null: pending; true: accepted; false: rejected. */
    accepted: boolean("accepted"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("applications_accepted_created_idx").on(t.accepted, t.createdAt),
    index("applications_email_idx").on(t.email),
  ],
);

export const applicationProperties = pgTable(
  "application_properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    address: text("address"),
    type: text("type"),
    description: text("description"),
    availability: text("availability"),
  },
  (t) => [index("application_properties_application_idx").on(t.applicationId)],
);

export const registrationTokens = pgTable("registration_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  tokenHash: text("token_hash").notNull().unique(),
  email: text("email").notNull(),
  applicationId: uuid("application_id").references(() => applications.id, { onDelete: "cascade" }),
  /** The member type the account will have, taken from the accepted application. */
  memberType: memberTypeEnum("member_type").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);
