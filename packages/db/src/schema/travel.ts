import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Nights as Postgres keeps them: a `daterange`, lower bound included and upper bound excluded
 * (`[arrive,depart)`), so the departure day is free and back-to-back stays do not overlap. Written
 * and read as its text, `[2027-07-01,2027-07-08)`.
 */
export const daterange = customType<{ data: string; driverData: string }>({
  dataType: () => "daterange",
});

/**
 * A member's own vacation home, offered to the club (Travel). What every member sees: title, kind,
 * description, region, city, country, how many it sleeps, bedrooms, amenities and house rules. The
 * exact address is private: shown only to its host, admins, and a guest whose stay is accepted
 * (domain/travel/address.ts says when).
 */
export const homes = pgTable(
  "homes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** What kind of place: a villa, a flat, a cabin (the application's "type of property"). */
    kind: text("kind").notNull(),
    description: text("description").notNull().default(""),
    region: text("region").notNull().default(""),
    city: text("city").notNull(),
    country: text("country").notNull(),
    /** Private (see above). */
    address: text("address").notNull(),
    sleeps: integer("sleeps").notNull(),
    bedrooms: integer("bedrooms").notNull(),
    amenities: text("amenities").array().notNull().default(sql`'{}'::text[]`),
    houseRules: text("house_rules").notNull().default(""),
    /** The club's nightly rate, in cents of the club's currency, before a member type's discount. */
    nightlyRateCents: integer("nightly_rate_cents").notNull(),
    /** The fewest nights a stay may have. */
    minNights: integer("min_nights").notNull().default(1),
    /** The home's own time zone: its nights are days there, whoever asks from wherever. */
    timeZone: text("time_zone").notNull(),
    /** When guests may arrive on the arrival day, and leave by on the departure day (`HH:MM`, the home's time). */
    checkIn: text("check_in").notNull().default("16:00"),
    checkOut: text("check_out").notNull().default("11:00"),
    /**
     * The hash of the secret in the home's calendar link (its taken nights, for another site's
     * calendar to block); null until the host makes one. A new link replaces the old.
     */
    feedTokenHash: text("feed_token_hash").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("homes_sleeps", sql`${t.sleeps} between 1 and 50`),
    check("homes_bedrooms", sql`${t.bedrooms} between 0 and 50`),
    check("homes_rate", sql`${t.nightlyRateCents} >= 0`),
    check("homes_min_nights", sql`${t.minNights} between 1 and 60`),
    index("homes_host_idx").on(t.hostId),
  ],
);

/**
 * The nights a host opens to members. Windows of one home never overlap (an exclusion constraint in
 * the migration): a host's new windows replace her old ones, merged.
 */
export const homeWindows = pgTable("home_windows", {
  id: uuid("id").primaryKey().defaultRandom(),
  homeId: uuid("home_id")
    .notNull()
    .references(() => homes.id, { onDelete: "cascade" }),
  nights: daterange("nights").notNull(),
});

/**
 * A member's request to stay in a home, and what became of it. The price is kept as it was when
 * she asked (rate, nights, her type's discount), so that a later change of rates or discounts
 * changes no existing stay.
 */
export const stays = pgTable(
  "stays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    homeId: uuid("home_id")
      .notNull()
      .references(() => homes.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Plain days in the home's time zone; she leaves on `depart` (that night is not hers). */
    arrive: date("arrive", { mode: "string" }).notNull(),
    depart: date("depart", { mode: "string" }).notNull(),
    guests: integer("guests").notNull(),
    message: text("message").notNull().default(""),
    /** requested → accepted | declined | expired; requested or accepted → cancelled. */
    status: text("status").notNull().default("requested"),
    /** Why it was declined, expired or cancelled, in a sentence for both members. */
    statusReason: text("status_reason"),
    nightlyRateCents: integer("nightly_rate_cents").notNull(),
    nights: integer("nights").notNull(),
    discountPercent: integer("discount_percent").notNull(),
    totalCents: integer("total_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("stays_dates", sql`${t.depart} > ${t.arrive}`),
    check("stays_guests", sql`${t.guests} >= 1`),
    check("stays_status", sql`${t.status} in ('requested', 'accepted', 'declined', 'expired', 'cancelled')`),
    check("stays_discount", sql`${t.discountPercent} between 0 and 100`),
    index("stays_home_idx").on(t.homeId, t.arrive),
    index("stays_guest_idx").on(t.guestId, t.arrive),
  ],
);

/**
 * The nights of a home that are taken: an accepted stay's (with its stay) or a host's block
 * (without). No two rows of one home share a night: an exclusion constraint in the migration, so
 * that two requests accepted at the same moment cannot both hold a night, whatever the code does.
 */
export const homeTaken = pgTable("home_taken", {
  id: uuid("id").primaryKey().defaultRandom(),
  homeId: uuid("home_id")
    .notNull()
    .references(() => homes.id, { onDelete: "cascade" }),
  nights: daterange("nights").notNull(),
  /** The accepted stay holding these nights; null for a host's block. Ending the stay frees them. */
  stayId: uuid("stay_id")
    .unique()
    .references(() => stays.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The club's ledger of stays' contributions (Travel): a line when an admin records a contribution
 * received, and a reversing line when a paid stay is cancelled. Lines are never edited or removed
 * (a trigger in the migration refuses it); a correction is a new line. Each keeps what it was for
 * as it was (home, guest, nights), so the ledger still reads when the stay or a member is gone.
 */
export const stayPayments = pgTable(
  "stay_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    /** `received`: the contribution arrived; `reversed`: it is owed back (the stay was cancelled). */
    kind: text("kind").notNull(),
    /** In cents of the club's currency: positive when received, negative when reversed. */
    amountCents: integer("amount_cents").notNull(),
    /** How it was paid: bank transfer, card, cash, other. */
    method: text("method").notNull(),
    note: text("note").notNull().default(""),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    /** Who recorded it, as she was then (the ledger outlives accounts). */
    recordedByName: text("recorded_by_name").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    homeTitle: text("home_title").notNull(),
    guestName: text("guest_name").notNull(),
    arrive: date("arrive", { mode: "string" }).notNull(),
    depart: date("depart", { mode: "string" }).notNull(),
  },
  (t) => [
    check("stay_payments_kind", sql`${t.kind} in ('received', 'reversed')`),
    check("stay_payments_sign", sql`(${t.kind} = 'received') = (${t.amountCents} > 0)`),
    index("stay_payments_stay_idx").on(t.stayId),
    index("stay_payments_recorded_idx").on(t.recordedAt),
  ],
);

/**
 * A guest's short note for the club after her stay (a review), shown on the home to members: one
 * per stay, written by its guest once the stay is over. Goes with the stay.
 */
export const stayReviews = pgTable(
  "stay_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .unique()
      .references(() => stays.id, { onDelete: "cascade" }),
    homeId: uuid("home_id")
      .notNull()
      .references(() => homes.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stay_reviews_home_idx").on(t.homeId, t.createdAt)],
);
