import { z } from "zod";
import { imageSourceSchema, mediaItemSchema } from "./common";

/** A home's cover on its card: its first photo's copies and blurred preview. */
export const homeCoverSchema = z
  .object({
    url: z.string(),
    sources: z.array(imageSourceSchema),
    placeholder: z.string().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  })
  .meta({ id: "HomeCover" });

/** A home in a list: where it is (never the exact address), what it sleeps, and the asker's rate. */
export const homeCardSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    kind: z.string(),
    region: z.string(),
    city: z.string(),
    country: z.string(),
    sleeps: z.number(),
    bedrooms: z.number(),
    min_nights: z.number(),
    /** The club's nightly rate, in whole units of its currency. */
    nightly_rate: z.number(),
    /** What the asker pays a night, after her member type's discount. */
    your_rate: z.number(),
    host_name: z.string(),
    /** Its first photo, or null while it has none. */
    photo: homeCoverSchema.nullable(),
  })
  .meta({ id: "HomeCard" });

/** A host's block of her own nights (to the day after the last). */
export const homeBlockSchema = z.object({ id: z.string(), from: z.string(), to: z.string() });
export const homeWindowSchema = z.object({ from: z.string(), to: z.string() });

/** One home: its card, its words, and its exact address only for those allowed to see it. */
export const homeSchema = homeCardSchema
  .extend({
    description: z.string(),
    amenities: z.array(z.string()),
    house_rules: z.string(),
    time_zone: z.string(),
    /** From when guests arrive and by when they leave, on the home's clock (`HH:MM`). */
    check_in: z.string(),
    check_out: z.string(),
    host_id: z.string(),
    /** Present only for its host, admins, and a guest whose stay there is accepted (until a week after it). */
    address: z.string().optional(),
    /** Her discount on the nightly rate, in percent. */
    your_discount: z.number(),
    /** Whether the asker manages it (its host or an admin). */
    manages: z.boolean(),
    /** Whether it has a calendar link for other sites (told to those who manage it; false to others). */
    calendar_link: z.boolean(),
    /** The open windows, for everyone who may ask to stay. */
    windows: z.array(homeWindowSchema),
    /** Its host's blocks still to come (to those who manage it; empty for others). */
    blocks: z.array(homeBlockSchema),
    /** Its guests' notes for the club, newest first. */
    reviews: z.array(
      z.object({ id: z.string(), text: z.string(), created_at: z.date(), guest_name: z.string(), arrive: z.string() }),
    ),
    /** Its photos in the order they were added (the first is the cover). */
    photos: z.array(mediaItemSchema),
  })
  .meta({ id: "Home" });

export const stayStatuses = ["requested", "accepted", "declined", "expired", "cancelled"] as const;

/** A stay as its guest, its host and admins see it. */
export const staySchema = z
  .object({
    id: z.string(),
    status: z.enum(stayStatuses),
    status_reason: z.string().nullable(),
    home_id: z.string(),
    home_title: z.string(),
    city: z.string(),
    country: z.string(),
    time_zone: z.string(),
    guest_id: z.string(),
    guest_name: z.string(),
    host_id: z.string(),
    host_name: z.string(),
    arrive: z.string(),
    depart: z.string(),
    guests: z.number(),
    message: z.string(),
    nights: z.number(),
    nightly_rate: z.number(),
    discount_percent: z.number(),
    /** What she contributes for the stay, kept as it was when she asked. */
    total: z.number(),
    /** Whose view this is: her trip, the host's booking, or an admin's. */
    role: z.enum(["guest", "host", "admin"]),
    created_at: z.date(),
    /** Whether the guest's note for the club about this stay is written. */
    reviewed: z.boolean(),
    /** The conversation between its guest and host (Messages); null for anyone else, or none. */
    conversation_id: z.string().nullable(),
  })
  .meta({ id: "Stay" });

/** travel.homes.list */
export const homesListAnswer = z.array(homeCardSchema);
/** travel.homes.get, create, update */
export const homeAnswer = homeSchema;
/** travel.homes.mine: the host's homes with the nights she offers this year against the club's minimum. */
export const homesMineAnswer = z.object({
  homes: z.array(homeSchema),
  /** Before her first home: the property of her accepted application, to start its form from. */
  fromApplication: z
    .object({ kind: z.string(), description: z.string(), address: z.string(), availability: z.string() })
    .nullable(),
  year: z.number(),
  nightsOffered: z.number(),
  minimumNights: z.number(),
});
/** travel.homes.block, unblock: the home's blocks still to come. */
export const homeBlocksAnswer = z.object({ message: z.string(), blocks: z.array(homeBlockSchema) });
/** travel.homes.setWindows */
export const homeWindowsAnswer = z.object({ windows: z.array(homeWindowSchema) });
/** travel.homes.month */
export const homeMonthAnswer = z.array(
  z.object({ day: z.string(), state: z.enum(["open", "closed", "blocked", "taken"]) }),
);
/** travel.homes.delete, stays.accept, decline, cancel */
export const travelOkAnswer = z.object({ ok: z.literal(true), message: z.string() });
/** travel.stays.request */
export const stayRequestAnswer = z.object({ id: z.string(), status: z.literal("requested") });
/** travel.stays.list */
export const staysListAnswer = z.array(staySchema);

/** A line of the club's ledger: a contribution received, or reversed when a paid stay was cancelled. */
export const ledgerLineSchema = z.object({
  id: z.string(),
  kind: z.enum(["received", "reversed"]),
  /** Positive when received, negative when reversed. */
  amount: z.number(),
  method: z.string(),
  note: z.string(),
  recorded_by: z.string(),
  recorded_at: z.date(),
});

/** ledger.list: each stay with its contribution, what was received net of reversals, and its lines. */
export const ledgerListAnswer = z.array(
  z
    .object({
      id: z.string(),
      /** `removed`: the stay is gone (its home withdrawn, or a member's account deleted); its lines stay. */
      status: z.enum([...stayStatuses, "removed"]),
      home_title: z.string(),
      guest_name: z.string(),
      arrive: z.string(),
      depart: z.string(),
      nights: z.number(),
      /** The price's parts, kept on the stay; null once the stay is gone. */
      nightly_rate: z.number().nullable(),
      discount_percent: z.number().nullable(),
      total: z.number(),
      received: z.number(),
      lines: z.array(ledgerLineSchema),
    })
    .meta({ id: "LedgerStay" }),
);
/** ledger.record */
export const ledgerRecordAnswer = z.object({ ok: z.literal(true), message: z.string() });
