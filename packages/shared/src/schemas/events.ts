import { addDays, format, parseISO } from "date-fns";
import { eventExclusivities, eventSortOrders, myEventFilters } from "../enums";
import { EVENTS_PAGE_MAX } from "../lists";
import { EVENT_NOT_FOUND } from "../messages";
import { countryName } from "../places";
import { readRepeatRule } from "../repeat/rule";
import { z } from "../zod";
import { isCalendarDay, isWallClockMinute, moment } from "./dates";

/** Event types of SPEC.md section 3, key to label, in the form's order. */
export const eventTypes = [
  { value: "travel", label: "Travel Adventure" },
  { value: "tea-party", label: "Tea Party" },
  { value: "golf", label: "Golf" },
  { value: "concert", label: "Concert" },
  { value: "arts-crafts", label: "Arts & Crafts" },
  { value: "entertainment", label: "Entertainment" },
  { value: "cooking-food", label: "Cooking & Food" },
  { value: "sports", label: "Sports" },
  { value: "hiking-camping", label: "Hiking & Camping" },
  { value: "book-club", label: "Book Club" },
  { value: "yoga-meditation", label: "Yoga & Meditation" },
  { value: "picnic", label: "Picnic" },
  { value: "movie-screening", label: "Movie Screening" },
  { value: "charity-fundraising", label: "Charity & Fundraising" },
  { value: "arcade-escape", label: "Arcade & Escape Room" },
  { value: "wine-tasting", label: "Wine Tasting" },
  { value: "karaoke", label: "Karaoke" },
  { value: "volunteer-day", label: "Volunteer Day" },
  { value: "fishing-trip", label: "Fishing Trip" },
  { value: "golfing", label: "Golfing" },
  { value: "potluck", label: "Potluck" },
  { value: "art-gallery", label: "Art Gallery" },
  { value: "museum", label: "Museum" },
  { value: "other", label: "Other" },
  { value: "custom", label: "Custom" },
] as const;
export type EventType = (typeof eventTypes)[number]["value"];

/** A type read back from stored data: one of the form's, else "other". */
export function eventTypeOf(value: string): EventType {
  return eventTypes.find((t) => t.value === value)?.value ?? "other";
}

export function eventTypeLabel(value: string): string {
  return eventTypes.find((t) => t.value === value)?.label ?? "Other";
}

/** SPEC.md section 5: what an empty field becomes. */
export const EVENT_DEFAULTS = {
  title: "New Event",
  type: "entertainment",
  exclusivity: "open",
  description: "Default description",
  startTime: "16:00",
  endTime: "21:00",
  location: "Unset",
  color: "#d3d3d3",
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (max: number) =>
  z
    .string()
    .max(max, `Please keep this under ${max} characters.`)
    .nullish()
    .transform((v) => v?.trim() ?? "");

/** The most guests one member may bring, and the largest capacity, the wizard accepts. */
export const MAX_GUESTS_PER_MEMBER = 10;
export const MAX_CAPACITY = 100_000;

/**
 * A whole number typed in a form (a string) or sent by a script (a number); empty or null means
 * none, and a field left out means "as it is" (a script written for the spec's payload, which has
 * no such field, does not clear it). `label` names the field in the message.
 */
const optionalCount = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === "") return null;
      const n = typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return n;
    });

/**
 * What the wizard sends (SPEC.md section 7): every field may be empty; `normalizeEvent`
 * applies the defaults. The same schema serves create and edit.
 */
export const eventInput = z.object({
  title: text(200),
  // Empty and the form's 'none' placeholder mean "use the default".
  // The values as literals, so a typed caller (@club/client) is offered them and refused others.
  type: z
    .literal([...eventTypes.map((t) => t.value), "none", ""], "Unknown event type.")
    .nullish()
    .transform((v) => (v && v !== "none" ? v : "")),
  exclusivity: z
    .literal([...eventExclusivities, ""], "Exclusivity is open or invite-only.")
    .nullish()
    .transform((v) => v ?? ""),
  description: text(10_000),
  note: text(5_000),
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, "The colour must look like #d3d3d3.")
    .nullish()
    .transform((v) => v ?? ""),
  event_date: z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), "The date must be a real day, like 2026-12-31.")
    .nullish()
    .transform((v) => v ?? ""),
  end_date: z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), "The end date must be a real day, like 2026-12-31.")
    .nullish()
    .transform((v) => v ?? ""),
  start_time: z
    .string()
    .trim()
    .refine((v) => v === "" || TIME.test(v), "Times must look like 16:00.")
    .nullish()
    .transform((v) => v ?? ""),
  end_time: z
    .string()
    .trim()
    .refine((v) => v === "" || TIME.test(v), "Times must look like 16:00.")
    .nullish()
    .transform((v) => v ?? ""),
  is_physical: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  location: text(300),
  zip_code: text(20),
  city: text(100),
  state: text(100),
  country: text(100),
  virtual_link: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), "The link must start with https://.")
    .nullish()
    .transform((v) => v ?? ""),
  /**
   * The cover: a gallery photo's id; null takes the cover away, left out keeps it (the server
   * checks that the photo may be a cover).
   */
  cover_media_id: z.uuid("Choose the cover from the gallery's photos.").nullish(),
  /** Seats, guests included; empty means no limit. */
  capacity: optionalCount("Capacity", 1, MAX_CAPACITY),
  /** Guests each member may bring; empty means none. */
  guests_per_member: optionalCount("Guests per member", 0, MAX_GUESTS_PER_MEMBER),
  /**
   * The last moment to join, wall-clock in the club's time zone like the event's own times; empty
   * means until it starts, left out means as it is.
   */
  rsvp_deadline: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || isWallClockMinute(v),
      "The RSVP deadline must be a real day and time, like 2026-12-31T18:00.",
    )
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? ""))),
});
export type EventInput = z.input<typeof eventInput>;
type ParsedEventInput = z.output<typeof eventInput>;

export interface NormalizedEvent {
  title: string;
  type: EventType;
  exclusivity: "open" | "invite-only";
  description: string;
  note: string | null;
  color: string;
  eventDate: string;
  endDate: string | null;
  startTime: string;
  endTime: string;
  isPhysical: boolean;
  location: string | null;
  zipCode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  virtualLink: string | null;
  /** Undefined in these three: the field was left out, and an edit keeps what the event has. */
  capacity?: number | null;
  guestsPerMember?: number;
  /** Wall-clock in the club's zone ("2026-12-01T18:00"); the server turns it into an instant. */
  rsvpDeadline?: string | null;
}

/**
 * The event's date, or the one an event given none has: today's (`today`, the club's), or
 * tomorrow's once today's would already be over (`timeNow`, the club's wall clock, past its end
 * time; an event given an end date ends then, whatever the hour now).
 */
export function defaultEventDate(
  input: Pick<ParsedEventInput, "event_date" | "end_date" | "end_time">,
  today: string,
  timeNow?: string,
): string {
  if (input.event_date) return input.event_date;
  const over = timeNow !== undefined && !input.end_date && timeNow >= (input.end_time || EVENT_DEFAULTS.endTime);
  return over ? format(addDays(parseISO(today), 1), "yyyy-MM-dd") : today;
}

/** The club's time zone when CLUB_TIME_ZONE names none. */
export const DEFAULT_CLUB_TIME_ZONE = "America/New_York";

/** A formatter per zone, made once: making one costs far more than using it. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant (now, unless given) as a zone's wall clock, "2026-12-05T21:30": the club's dates and
 * times are wall-clock in its zone (CLUB_TIME_ZONE).
 */
export function wallClockIn(timeZone: string, now = new Date()): string {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/**
 * Applies SPEC.md section 5's defaults and the place/link rule (a physical event has no link,
 * a virtual one no address). Returns an error message when the times are out of order. An event
 * given no date is today's (`today`, the club's), or tomorrow's once today's would already be over
 * (`timeNow`, the club's wall clock, is past its end time): the defaults never make an event that
 * nobody can join.
 */
export function normalizeEvent(
  input: ParsedEventInput,
  today: string,
  timeNow?: string,
): NormalizedEvent | { error: string } {
  const startTime = input.start_time || EVENT_DEFAULTS.startTime;
  const endTime = input.end_time || EVENT_DEFAULTS.endTime;
  const eventDate = defaultEventDate(input, today, timeNow);
  const endDate = input.end_date && input.end_date !== eventDate ? input.end_date : null;
  if (endDate && endDate < eventDate) return { error: "The end date must be on or after the start date." };
  if (!endDate && endTime <= startTime) return { error: "The end time must be after the start time." };
  const rsvpDeadline = input.rsvp_deadline === undefined ? undefined : input.rsvp_deadline || null;
  if (rsvpDeadline && rsvpDeadline > `${endDate ?? eventDate}T${endTime}`)
    return { error: "The RSVP deadline must be before the event ends." };
  const orNull = (v: string) => (v ? v : null);
  const physical = input.is_physical;
  return {
    title: input.title || EVENT_DEFAULTS.title,
    type: input.type || EVENT_DEFAULTS.type,
    exclusivity: input.exclusivity || EVENT_DEFAULTS.exclusivity,
    description: input.description || EVENT_DEFAULTS.description,
    note: orNull(input.note),
    color: (input.color || EVENT_DEFAULTS.color).toLowerCase(),
    eventDate,
    endDate,
    startTime,
    endTime,
    isPhysical: physical,
    location: physical ? input.location || EVENT_DEFAULTS.location : null,
    zipCode: physical ? orNull(input.zip_code) : null,
    city: physical ? orNull(input.city) : null,
    state: physical ? orNull(input.state) : null,
    // Saved by the name people use, whatever form it came in ("United States of America", "USA").
    country: physical ? countryName(orNull(input.country)) : null,
    virtualLink: physical ? null : orNull(input.virtual_link),
    // Left out: not in the object at all, so an update leaves the column alone.
    ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
    ...(input.guests_per_member !== undefined ? { guestsPerMember: input.guests_per_member ?? 0 } : {}),
    ...(rsvpDeadline !== undefined ? { rsvpDeadline } : {}),
  };
}

/**
 * How an event repeats: an RFC 5545 rule such as FREQ=MONTHLY;BYDAY=2TU;COUNT=6, with an end (COUNT
 * or UNTIL) and at most 200 dates, each part checked (`readRepeatRule`); the server reads its dates
 * from the event's date in the club's time zone and says what is wrong with one that gives none.
 */
export const repeatRule = z
  .string()
  .trim()
  .min(1, "The repeat rule is empty.")
  .max(500, "Please keep the repeat rule under 500 characters.")
  .superRefine((text, ctx) => {
    const reading = readRepeatRule(text);
    if (!reading.ok) ctx.addIssue({ code: "custom", message: reading.problem });
  })
  .meta({ description: "An RFC 5545 RRULE without DTSTART, e.g. FREQ=MONTHLY;BYDAY=2TU;COUNT=6." });

/** Which dates of a series an edit or a cancellation reaches (a calendar's three choices). */
export const seriesScope = z
  .enum(["this", "following", "all"], "Choose this event, this and following events, or all events.")
  .meta({ description: "this: the date alone; following: it and the later dates; all: every date." });
export type SeriesScope = z.infer<typeof seriesScope>;

/** A readable URL name: lower-case letters, digits and hyphens. */
export const eventSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "A slug is lower-case letters, digits and hyphens.")
  .max(80);

const listDay = (label: string) =>
  z.string().trim().refine(isCalendarDay, `${label} must be a real day, like 2026-12-31.`).optional();

/**
 * The events list, a page at a time. Without `cursor` the first page starts at the list's
 * beginning (the earliest event, or the latest with `sort: "desc"`), or at today with `upcoming`;
 * `nextCursor` and `previousCursor` of an answer fetch the pages after and before it. `from` and
 * `to` keep the events that fall on those days (a month of the calendar).
 */
/** What a list of changes (`updated_since`) is not asked with: it is every event, in the order of change. */
const SYNC_ALONE = ["search", "sort", "mine", "host", "cursor", "upcoming", "from", "to"] as const;

export const eventListInput = z
  .object({
    search: z.string().trim().max(200).optional(),
    sort: z.enum(eventSortOrders).optional(),
    mine: z.enum(myEventFilters).optional(),
    /** Only the events this member hosts (her profile). */
    host: z.uuid("Member not found.").optional(),
    cursor: z.string().max(300).optional(),
    limit: z.number().int().min(1).max(EVENTS_PAGE_MAX).optional(),
    upcoming: z.boolean().optional(),
    from: listDay("The first day"),
    to: listDay("The last day"),
    updated_since: moment("updated_since").optional().meta({
      description:
        "Admins: only the events whose row changed at or after this moment (ISO 8601, like 2027-01-31T18:00:00.000Z), or that were made then, oldest change first, with each one's updated_at. For the next page: the last event's updated_at, with its id as after.",
    }),
    after: z
      .uuid("after is the id of the last event of the page before.")
      .optional()
      .meta({ description: "The id of the last event of the page before (with updated_since)." }),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "The last day must be on or after the first day.",
    path: ["to"],
  })
  .refine((v) => v.updated_since || !v.after, { message: "after goes with updated_since.", path: ["after"] })
  .refine((v) => !v.updated_since || SYNC_ALONE.every((key) => v[key] === undefined), {
    message: `A list of changes takes no ${SYNC_ALONE.join(", ")}: it is paged with after (the last event's id).`,
    path: ["updated_since"],
  })
  .optional();

export const eventRefInput = z.object({ id: z.string().trim().min(1, EVENT_NOT_FOUND).max(200) });
/** Joining: the event, and how many guests she brings (within the event's guests per member). */
export const joinEventInput = eventRefInput.extend({
  guests: z
    .number()
    .int("Guests must be a whole number.")
    .min(0, "Guests cannot be negative.")
    .max(MAX_GUESTS_PER_MEMBER, `At most ${MAX_GUESTS_PER_MEMBER} guests.`)
    .optional(),
});
export const eventIdInput = z.object({ eventId: z.uuid(EVENT_NOT_FOUND) });

export const inviteInput = z.object({
  eventId: z.uuid(EVENT_NOT_FOUND),
  eventTitle: z.string().max(300).optional(),
  userIds: z.array(z.uuid("Unknown member.")).min(1, "Select at least one member to invite.").max(500),
});

export const confirmationInput = z.object({ eventId: z.uuid(EVENT_NOT_FOUND), userId: z.uuid("Unknown member.") });
