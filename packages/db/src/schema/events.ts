import type { EventType } from "@club/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { exclusivityEnum } from "./enums";
import { users } from "./users";

/**
 * A repeating event: its RFC 5545 rule (without DTSTART: the first date is its first event's), read
 * in the club's time zone, so a series at 18:00 stays at 18:00 across daylight-saving changes. Each
 * date is an event of its own (`events.series_id`).
 */
export const eventSeries = pgTable("event_series", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** e.g. FREQ=MONTHLY;BYDAY=2TU;COUNT=6: always bounded (COUNT or UNTIL), at most 200 dates. */
  rule: text("rule").notNull(),
  /** Its first date (the rule's DTSTART): its dates are the rule's from this day, cancelled ones too. */
  startsOn: date("starts_on").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    note: text("note"),
    color: text("color").notNull().default("#d3d3d3"),
    // One of the form's types (a text column, so a type added later needs no migration).
    type: text("type").$type<EventType>().notNull().default("entertainment"),
    exclusivity: exclusivityEnum("exclusivity").notNull().default("open"),
    isPhysical: boolean("is_physical").notNull().default(true),
    location: text("location"),
    zipCode: text("zip_code"),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    virtualLink: text("virtual_link"),
    eventDate: date("event_date").notNull(),
    /** The last day of a multi-day event; null means the event ends on event_date. */
    endDate: date("end_date"),
    startTime: text("start_time").notNull().default("16:00"),
    endTime: text("end_time").notNull().default("21:00"),
    /** The cover's copies as the card (`image_url`) and the page's banner show them; set with the cover. */
    imageUrl: text("image_url"),
    bannerImage: text("banner_image"),
    /**
     * The event's cover: a photo every member may see, or one of the event's own. Triggers keep it
     * so (migration 0047): it goes, with the two addresses above, when the photo is deleted or
     * becomes one some of the event's guests may not see. Its foreign key to media (on delete set
     * null) is written in that migration, not here: media's schema refers to events already, and a
     * reference back would make the two files import each other.
     */
    coverMediaId: uuid("cover_media_id"),
    /** Seats, guests included; null means no limit. Joining a full event puts her on the waitlist. */
    capacity: integer("capacity"),
    guestsPerMember: integer("guests_per_member").notNull().default(0),
    /** After this instant members can no longer join (leaving stays possible). */
    rsvpDeadline: timestamp("rsvp_deadline", { withTimezone: true }),
    /**
     * The calendar SEQUENCE: raised when the date, time or place changes, so calendars replace
     * their copy of the event (same UID) instead of keeping the old one.
     */
    sequence: integer("sequence").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its row's last change, to the millisecond: moved by the `events_updated_at` trigger (migration
     * 0056) at any change to the row, so that a sync asking for changes (`updated_since`) gets it.
     */
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    /**
     * When the event was published; null while it is a draft (Schedule), which only its creator
     * and admins can open and which no list, feed, search or count includes.
     */
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
    /** The series this date belongs to; null for an event that does not repeat. */
    seriesId: uuid("series_id").references(() => eventSeries.id, { onDelete: "set null" }),
    /** The date the series' rule gave this event (its RECURRENCE-ID), kept when the event moves alone. */
    seriesDate: date("series_date"),
  },
  (t) => [
    index("events_series_idx").on(t.seriesId, t.seriesDate),
    uniqueIndex("events_slug_unique").on(t.slug),
    index("events_date_idx").on(t.eventDate, t.startTime),
    index("events_updated_idx").on(t.updatedAt, t.id),
    index("events_cover_idx").on(t.coverMediaId).where(sql`${t.coverMediaId} is not null`),
    index("events_title_lower_idx").on(sql`lower(${t.title})`),
    check("events_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
    check("events_guests_per_member_range", sql`${t.guestsPerMember} between 0 and 10`),
  ],
);

export const eventParticipants = pgTable(
  "event_participants",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** Guests she brings; each takes a seat. */
    guests: integer("guests").notNull().default(0),
  },
  // The composite key makes a second join of the same member a no-op, even when two arrive at once.
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_participants_user_idx").on(t.userId),
    check("event_participants_guests_range", sql`${t.guests} between 0 and 10`),
  ],
);

/**
 * Members waiting for a seat of a full event, first come first served: `position` grows with every
 * row (an identity, so two joins at the same instant still have an order).
 */
export const eventWaitlist = pgTable(
  "event_waitlist",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    guests: integer("guests").notNull().default(0),
    position: bigint("position", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_waitlist_event_position_idx").on(t.eventId, t.position),
    index("event_waitlist_user_idx").on(t.userId),
    check("event_waitlist_guests_range", sql`${t.guests} between 0 and 10`),
  ],
);

export const eventInvitations = pgTable(
  "event_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    inviteeId: uuid("invitee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("event_invitations_event_invitee_idx").on(t.eventId, t.inviteeId),
    // "Which events is she invited to": the visibility rule looks invitations up by invitee.
    index("event_invitations_invitee_event_idx").on(t.inviteeId, t.eventId),
  ],
);

export type Event = typeof events.$inferSelect;

/**
 * A member's private calendar feed: the secret in its URL is shown to her once; only its SHA-256 is
 * kept. Resetting replaces the row, so the old URL stops working at once.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** Every open event too, not only those she joined. */
    includeOpen: boolean("include_open").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_unique").on(t.tokenHash)],
);

/**
 * What calendar feeds still need of a deleted event, for a while: enough to send it as CANCELLED
 * (same UID, a higher SEQUENCE) so subscribed calendars remove it. Kept 60 days by housekeeping.
 */
export const cancelledEvents = pgTable(
  "cancelled_events",
  {
    eventId: uuid("event_id").primaryKey(),
    exclusivity: exclusivityEnum("exclusivity").notNull(),
    /** The calendar fields of the event as it was (title, dates, times, place). */
    calendar: jsonb("calendar").$type<Record<string, unknown>>().notNull(),
    slug: text("slug").notNull(),
    sequence: integer("sequence").notNull(),
    /** Those going or waiting when it was cancelled: their feeds carry the cancellation. */
    memberIds: uuid("member_ids").array().notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cancelled_events_cancelled_at_idx").on(t.cancelledAt)],
);
