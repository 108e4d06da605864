import { z } from "zod";
import { mediaTypes } from "../enums";

/** An event as her home names it: enough for its line and its link. */
export const homeEventSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    eventDate: z.string(),
    startTime: z.string(),
    isPhysical: z.boolean(),
    city: z.string().nullable(),
  })
  .meta({ id: "HomeEvent" });

/** home.get */
export const homeGetAnswer = z.object({
  lastVisit: z.date().nullable(),
  nextEvents: z.array(
    z.union([
      homeEventSchema.extend({ status: z.literal("going"), position: z.null() }),
      homeEventSchema.extend({ status: z.literal("waitlist"), position: z.number() }),
    ]),
  ),
  invitations: z.array(
    z.object({
      id: z.string(),
      expiresAt: z.date(),
      invitedBy: z.string().nullable(),
      invitedById: z.string().nullable(),
      event: homeEventSchema,
    }),
  ),
  deadlines: z.array(homeEventSchema.extend({ rsvpDeadline: z.date().nullable() })),
  newMedia: z.array(
    z.object({
      thumbnailUrl: z.string().nullable(),
      isNew: z.boolean(),
      id: z.string(),
      title: z.string().nullable(),
      name: z.string().nullable(),
      mediaType: z.enum(mediaTypes),
      uploadDate: z.date(),
      event: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
    }),
  ),
  comments: z.array(
    z.object({
      id: z.string(),
      excerpt: z.string(),
      author: z.string(),
      createdAt: z.date(),
      on: z.union([
        z.object({ kind: z.literal("event"), id: z.string(), slug: z.string().nullable(), title: z.string() }),
        z.object({ kind: z.literal("media"), id: z.string(), slug: z.null(), title: z.string() }),
      ]),
    }),
  ),
  news: z.array(z.object({ id: z.string(), subject: z.string(), text: z.string(), sentAt: z.date() })),
  /** Her next stay as a guest in a member's home (Travel), or null. */
  nextStay: z
    .object({
      id: z.string(),
      status: z.enum(["accepted", "requested"]),
      arrive: z.string(),
      depart: z.string(),
      nights: z.number(),
      guests: z.number(),
      homeId: z.string(),
      homeTitle: z.string(),
      city: z.string(),
      country: z.string(),
      hostName: z.string(),
    })
    .nullable(),
  /**
   * A new member's first steps, each done or not (a portrait, her talents, a first event, a first
   * photo or video); null once all four are done, and the checklist goes away.
   */
  welcome: z.object({ portrait: z.boolean(), talents: z.boolean(), event: z.boolean(), photo: z.boolean() }).nullable(),
});

/** home.seen */
export const homeSeenAnswer = z.object({ message: z.string() });
