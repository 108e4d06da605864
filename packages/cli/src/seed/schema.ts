import {
  DEFAULT_CLUB_TIME_ZONE,
  defaultEventDate,
  emailSchema,
  eventInput,
  eventSlug,
  futureMoment,
  homeFields,
  newUserInput,
  nightsWindow,
  readRepeatRule,
  repeatRule,
  repeatRuleProblem,
  stayRequestInput,
  wallClockIn,
} from "@club/shared";
import { z } from "zod";

// Every object is strict: a key the format does not know (a typo, `titel:`) is refused with its
// place in the file instead of being dropped, which would seed a default in its stead.

const comment = z.strictObject({
  /** Who wrote it (seeding on the database); remote seeding writes as the token's owner. */
  author: emailSchema.optional(),
  content: z.string().trim().min(1).max(5000),
});

export const seedUser = z.strictObject(newUserInput.shape);

/** The event fields are the wizard's own schema (`eventInput`): its dates are calendar days, checked once. */
export const seedEvent = z
  .strictObject({
    ...eventInput.shape,
    slug: eventSlug,
    /** How it repeats (an RRULE, e.g. FREQ=MONTHLY;BYDAY=2TU;COUNT=6): one event per date, the first under `slug`. */
    repeat: repeatRule.optional(),
    createdBy: emailSchema.optional(),
    participants: z.array(emailSchema).default([]),
    comments: z.array(comment).default([]),
  })
  // The dates the rule gives from the event's date (or the server's default one, in the club's zone
  // as CLUB_TIME_ZONE names it here), read as the server reads them: a rule that gives none or too
  // many is refused here, with the file's place.
  .superRefine((e, ctx) => {
    // A rule that does not read has its problem from `repeatRule` already.
    if (!e.repeat || !readRepeatRule(e.repeat).ok) return;
    const now = wallClockIn(process.env.CLUB_TIME_ZONE || DEFAULT_CLUB_TIME_ZONE);
    const problem = repeatRuleProblem(e.repeat, defaultEventDate(e, now.slice(0, 10), now.slice(11)));
    if (problem) ctx.addIssue({ code: "custom", path: ["repeat"], message: problem });
  });

export const seedMedia = z.strictObject({
  /** A local file, relative to the seed file. */
  file: z.string().min(1),
  /** The natural key: the name shown in the gallery (default: the file's name). */
  name: z.string().trim().min(1).max(200).optional(),
  author: emailSchema.optional(),
  description: z.string().trim().max(5000).optional(),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(30).default([]),
  event: eventSlug.optional(),
  comments: z.array(comment).default([]),
});

/** A member's home (Travel): its fields as the host's form has them, its host, and its open windows. */
export const seedHome = z.strictObject({
  ...homeFields.shape,
  /** The Travel Host it is listed for (her e-mail). */
  host: emailSchema,
  windows: z.array(z.strictObject(nightsWindow.shape)).max(100).default([]),
});

/** A stay: the home (by title), the guest, the days, and whether the host has accepted it. */
export const seedStay = z.strictObject({
  home: z.string().trim().min(1).max(120),
  guest: emailSchema,
  arrive: stayRequestInput.shape.arrive,
  depart: stayRequestInput.shape.depart,
  guests: stayRequestInput.shape.guests,
  message: stayRequestInput.shape.message,
  status: z.enum(["requested", "accepted"]).default("requested"),
});

/** A seed file: every list optional; each entry has a natural key (e-mail, code, slug, media name, home title; a stay's home, guest and arrival). */
export const seedFileSchema = z.strictObject({
  users: z.array(seedUser).default([]),
  invitationCodes: z
    .array(
      z.strictObject({
        code: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9-]{12,64}$/, "A code must be 12 to 64 letters, digits or hyphens."),
        uses: z.number().int().min(1).optional(),
        // The same calendar-day check as every other date (`isCalendarDay` in @club/shared).
        expires: futureMoment("The date").optional(),
      }),
    )
    .default([]),
  events: z.array(seedEvent).default([]),
  media: z.array(seedMedia).default([]),
  homes: z.array(seedHome).default([]),
  stays: z.array(seedStay).default([]),
});
export type SeedFile = z.output<typeof seedFileSchema>;
export type SeedEvent = SeedFile["events"][number];
export type SeedMedia = SeedFile["media"][number];
export type SeedHome = SeedFile["homes"][number];

export type Path = readonly PropertyKey[];

/** `events[2].start_time`: a path as a person reads it. */
export function pathText(path: Path): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );
}

/** "events[2].start_time: Times must look like 16:00." */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${pathText(i.path) || "(file)"}: ${i.message}`).join("\n");
}
