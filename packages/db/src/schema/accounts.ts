import { sql } from "drizzle-orm";
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A member's passkeys (WebAuthn credentials): discoverable, so the Login screen can offer them
 * without an e-mail. The public key and ids are base64url text, as @simplewebauthn hands them over.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id (base64url), what the authenticator names it by. */
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen; a counter that goes back means a cloned authenticator. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    /** singleDevice or multiDevice (synced), and whether it is backed up: shown, not enforced. */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_unique").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

export type ChallengePurpose = "register" | "sign_in" | "confirm";

/**
 * WebAuthn challenges handed out and not yet answered: each is taken (deleted) by the answer that
 * carries it, so it serves once, and only until it expires (a few minutes).
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    /**
     * register: adding a passkey, bound to the member adding it; sign_in: anyone's; confirm: her
     * passkey re-entered to confirm an act (deleting her account), bound to her.
     */
    purpose: text("purpose").$type<ChallengePurpose>().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Identities at the OpenID Connect provider linked to members: the (issuer, subject) pair signs her
 * in, unless she unlinked it (`unlinked_at`).
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    /** The identity's e-mail when it was linked, to show which account it is. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /**
     * When she unlinked it. The row stays so that the identity is never linked again by itself
     * (through its verified e-mail at sign-in): only her explicit "Connect" in Settings links it.
     */
    unlinkedAt: timestamp("unlinked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("user_identities_issuer_subject_unique").on(t.issuer, t.subject),
    index("user_identities_user_idx").on(t.userId),
  ],
);

/**
 * Sign-ins started at the provider and not yet come back: found by the SHA-256 of their state,
 * taken (deleted) by the callback that brings it, so a replayed callback finds nothing.
 */
export const oidcLogins = pgTable(
  "oidc_logins",
  {
    stateHash: text("state_hash").primaryKey(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** sign_in from the Login screen; link from Settings, for the member in userId. */
    intent: text("intent").$type<"sign_in" | "link">().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Where to go after signing in (a path of this site). */
    redirect: text("redirect"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("oidc_logins_expires_idx").on(t.expiresAt)],
);

/**
 * The audit log: append-only (a trigger refuses updates and deletes), written in the transaction
 * of the act it records. The actor's and target's e-mails are kept as they were at the time, and
 * no foreign key ties a record to a member, so records outlive the accounts they name.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who did it; null for the command line or an unknown caller (a throttled sign-in). */
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    kind: text("kind").notNull(),
    /** What it was done to: a member, an event, a code… (its id) and a member's e-mail when it is one. */
    targetId: text("target_id"),
    targetEmail: text("target_email"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    /** The address the request came from. */
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_kind_at_idx").on(t.kind, t.at),
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
  ],
);

/** The club's settings admins change in the Admin Panel (a row per setting, its value as JSON). */
export const clubSettings = pgTable("club_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: uuid("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Passkey = typeof passkeys.$inferSelect;
export type UserIdentity = typeof userIdentities.$inferSelect;
export type AuditRecord = typeof auditLog.$inferSelect;

/**
 * A change of her e-mail address waiting for its confirmation: the link mailed to the new address
 * (its token's hash here) makes it hers. One at a time per member: asking again replaces it.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_changes_user_unique").on(t.userId),
    uniqueIndex("email_changes_token_unique").on(t.tokenHash),
  ],
);
