import { z } from "../zod";
import { isCalendarDay } from "./dates";

/** A plain day of a stay or a window (`2031-07-01`), a day in the home's own time zone. */
export const travelDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isCalendarDay, `${label} must be a day like 2031-07-01.`);

const text = (label: string, max: number) => z.string().trim().max(max, `${label} can be at most ${max} characters.`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required.`);
const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} can be at most ${max}.`);

/** A time zone the server knows (`Europe/Lisbon`): a home's nights are days there. */
const timeZone = z
  .string()
  .trim()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return tz.length > 0;
    } catch {
      return false;
    }
  }, "Choose the home's time zone from the list, for example Europe/Lisbon.");

/** A time of day on the home's clock, `HH:MM`. */
const clockTime = (label: string, example: string) =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must look like ${example}.`);

const amenityList = z.array(required("An amenity", 60)).max(30, "List at most 30 amenities.");

/**
 * A home's fields as they are checked, none filled in: a change (`homeUpdateInput`) names only
 * what it changes, and a field left out must stay as it is, not take its default.
 */
const homeShape = {
  title: required("The title", 120),
  kind: required("The type of home", 60),
  description: text("The description", 5000),
  region: text("The region", 100),
  city: required("The city", 100),
  country: required("The country", 100),
  address: required("The address", 300),
  sleeps: whole("Sleeps", 1, 50),
  bedrooms: whole("Bedrooms", 0, 50),
  amenities: amenityList,
  house_rules: text("The house rules", 3000),
  /** The club's nightly rate, in whole units of the club's currency, before a member's discount. */
  nightly_rate: whole("The nightly rate", 0, 100_000),
  min_nights: whole("The minimum stay", 1, 60),
  time_zone: timeZone,
  /** From when guests may arrive, and by when they leave (the home's own clock). */
  check_in: clockTime("The check-in time", "16:00"),
  check_out: clockTime("The check-out time", "11:00"),
};

/** What a host tells of her home (Travel → Your homes); the address is private (see the answers). */
export const homeFields = z.object({
  ...homeShape,
  description: homeShape.description.default(""),
  region: homeShape.region.default(""),
  amenities: homeShape.amenities.default([]),
  house_rules: homeShape.house_rules.default(""),
  min_nights: homeShape.min_nights.default(1),
  check_in: homeShape.check_in.default("16:00"),
  check_out: homeShape.check_out.default("11:00"),
});
export type HomeFields = z.infer<typeof homeFields>;

/** travel.homes.create: an admin may list a home on a Travel Host's behalf (`host_id`). */
export const homeCreateInput = homeFields.extend({ host_id: z.uuid("Choose the host.").optional() });
export const homeUpdateInput = z
  .object(homeShape)
  .partial()
  .extend({ id: z.uuid("Home not found.") });
export const homeIdInput = z.object({ id: z.uuid("Home not found.") });
export const stayIdInput = z.object({ id: z.uuid("Stay not found.") });
/** One of a home's photos (removed by its host or an admin). */
export const homePhotoInput = homeIdInput.extend({
  mediaId: z.uuid("This photo is not one of the home's (it may have been removed already)."),
});

/** A window of nights: from its first night to the day after its last (`to` is the departure day). */
export const nightsWindow = z.object({ from: travelDay("The first day"), to: travelDay("The last day") });
export const homeWindowsInput = z.object({
  id: z.uuid("Home not found."),
  windows: z.array(nightsWindow).max(100, "A home can have at most 100 open windows at once: join some of them."),
});

/** The host blocks nights of her home (her own use, repairs): `to` is the day after the last night. */
export const homeBlockInput = nightsWindow.extend({ id: z.uuid("Home not found.") });
export const homeUnblockInput = z.object({
  id: z.uuid("Home not found."),
  blockId: z.uuid("This block is no longer there (it may have been freed already)."),
});

export const homeSearchInput = z
  .object({
    arrive: travelDay("The arrival").optional(),
    depart: travelDay("The departure").optional(),
    guests: whole("Guests", 1, 50).optional(),
    place: text("The place", 100).optional(),
  })
  .optional();

export const homeMonthInput = z.object({
  id: z.uuid("Home not found."),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give the month as YYYY-MM, for example 2031-07."),
});

export const stayRequestInput = z.object({
  homeId: z.uuid("Home not found."),
  arrive: travelDay("The arrival"),
  depart: travelDay("The departure"),
  guests: whole("Guests", 1, 50),
  message: text("The message", 2000).default(""),
});

export const stayDecisionInput = stayIdInput.extend({ message: text("The message", 1000).optional() });
export const stayReviewInput = stayIdInput.extend({ text: required("Your note", 1000) });
export const stayCancelInput = stayIdInput.extend({ reason: required("The reason", 1000) });

/** The host's form: the same fields, amenities typed as one line separated by commas. */
export const homeFormInput = homeFields.extend({
  amenities: z
    .string()
    .max(2000, "List fewer amenities.")
    .transform((line) =>
      line
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(amenityList),
});

/** How a stay's contribution reached the club (the ledger's "how"). */
export const paymentMethods = ["Bank transfer", "Card", "Cash", "Other"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** An admin records a stay's contribution as received. */
export const ledgerRecordInput = z.object({
  stayId: z.uuid("Stay not found."),
  method: z.enum(paymentMethods, { error: "Choose how it was paid: bank transfer, card, cash or other." }),
  note: text("The note", 500).optional(),
});
