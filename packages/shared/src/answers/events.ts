import { z } from "zod";
import { eventExclusivities, memberTypes } from "../enums";
import { portraitSchema } from "./common";

/** The kinds of event the wizard offers. */
export const eventTypeSchema = z
  .enum([
    "custom",
    "travel",
    "tea-party",
    "golf",
    "concert",
    "arts-crafts",
    "entertainment",
    "cooking-food",
    "sports",
    "hiking-camping",
    "book-club",
    "yoga-meditation",
    "picnic",
    "movie-screening",
    "charity-fundraising",
    "arcade-escape",
    "wine-tasting",
    "karaoke",
    "volunteer-day",
    "fishing-trip",
    "golfing",
    "potluck",
    "art-gallery",
    "museum",
    "other",
  ])
  .meta({ id: "EventType" });

/** A member going to an event, as its cards and page list her. */
export const participantSchema = z.object({ user_id: z.string(), name: z.string() }).meta({ id: "Participant" });

/** An event's seats, where it counts them (a capacity, guests or a deadline). */
export const seatsSchema = z
  .object({
    capacity: z.number().nullable(),
    guests_per_member: z.number(),
    rsvp_deadline: z.string().nullable(),
    closed: z.boolean(),
    going: z.number(),
    guests: z.number(),
    seats_taken: z.number(),
    seats_left: z.number().nullable(),
    waitlist_count: z.number(),
  })
  .meta({ id: "Seats" });

/** The seats, and where she stands: going, on the waitlist, or neither (null). */
export const rsvpSchema = seatsSchema
  .extend({
    me: z
      .union([
        z.object({ status: z.literal("going"), guests: z.number() }),
        z.object({ status: z.literal("waitlist"), guests: z.number(), position: z.number() }),
      ])
      .nullable(),
  })
  .meta({ id: "Rsvp" });

/** The series a date of a repeating event belongs to, and how it repeats in words. */
export const seriesLinkSchema = z
  .object({
    id: z.string(),
    summary: z.string().meta({ description: 'e.g. "Repeats every month on the 2nd Tuesday, 6 times".' }),
  })
  .meta({ id: "SeriesLink" });

/** A series on an event's page: with each of its dates the caller may see, in order. */
export const seriesSchema = seriesLinkSchema
  .extend({
    dates: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        event_date: z.string(),
        start_time: z.string(),
        /** Where the caller stands on that date. */
        me: z.enum(["going", "waitlist"]).nullable(),
      }),
    ),
  })
  .meta({ id: "Series" });

/** What every answer about an event carries: the event itself, and what the caller may do with it. */
const eventFields = {
  participants: z.array(participantSchema),
  draft: z.literal(true).optional(),
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  note: z.string().nullable(),
  color: z.string(),
  type: eventTypeSchema,
  exclusivity: z.enum(eventExclusivities),
  is_physical: z.boolean(),
  location: z.string().nullable(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  virtual_link: z.string().nullable(),
  event_date: z.string(),
  end_date: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  /** The cover's copy for cards (`image_url`) and for the page's banner (`bannerImage`). */
  image_url: z.string().nullable(),
  bannerImage: z.string().nullable(),
  /** The gallery photo that is the event's cover (a photo everyone who sees the event may see). */
  cover_media_id: z.string().nullable(),
  created_by: z.string().nullable(),
  can_manage: z.boolean(),
  /** Only on a date of a repeating event. */
  series: seriesLinkSchema.optional(),
};

/** An event as the list shows it (events.list, GET /api/events). */
export const eventCardSchema = z
  .object({
    ...eventFields,
    participant_count: z.number(),
    rsvp: seatsSchema.optional(),
    updated_at: z.date().optional().meta({
      description:
        "Only in a list of changes (updated_since): when its row last changed, the next page's updated_since.",
    }),
  })
  .meta({ id: "EventCard" });

export const eventLinkSchema = z
  .object({ id: z.string(), title: z.string(), slug: z.string() })
  .meta({ id: "EventLink" });

export const attendeeSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z
      .string()
      .nullable()
      .meta({ description: "Null where she keeps her address from the caller (admins always see it)." }),
    guests: z.number(),
    joined_at: z.date(),
  })
  .meta({ id: "Attendee" });

export const waitlistEntrySchema = attendeeSchema.extend({ position: z.number() }).meta({ id: "WaitlistEntry" });

/** One event, as its page shows it (events.get, GET /api/events/{id}). */
export const eventDtoSchema = z
  .object({
    ...eventFields,
    host: z
      .object({ user_id: z.string(), name: z.string(), portrait: portraitSchema })
      .nullable()
      .meta({ description: "Who hosts the event (its creator), with her portrait; null once nobody does." }),
    calendar_url: z.string(),
    ended: z.boolean().meta({
      description: "The event is over (its end has passed): it can no longer be joined, invited to or announced.",
    }),
    rsvp: rsvpSchema.optional(),
    series: seriesSchema.optional(),
  })
  .meta({ id: "EventDto" });

/** events.announceRecipientCount */
export const eventsAnnounceRecipientCountAnswer = z.object({ recipients: z.number(), optedOut: z.number() });

/** events.announce */
export const eventsAnnounceAnswer = z.object({ message: z.string(), queued: z.number() });

/** events.invitableMembers */
export const eventsInvitableMembersAnswer = z.array(
  z.object({ email: z.string().nullable(), user_id: z.string(), name: z.string(), type: z.enum(memberTypes) }),
);

/** events.invite */
export const eventsInviteAnswer = z.object({
  message: z.string(),
  invited: z.number(),
  /** Members left out: going, waiting for a seat or invited already (or the inviter, or the host). */
  skipped: z.number(),
});

/** events.acceptInvite */
export const eventsAcceptInviteAnswer = z.object({
  event: eventLinkSchema,
  /** Set when the event was full and she is on its waitlist. */
  waitlist_position: z.number().optional(),
});

/** events.answerInvitation */
export const eventsAnswerInvitationAnswer = z.union([
  z.object({ declined: z.literal(true), message: z.string() }),
  z.object({ event: eventLinkSchema, message: z.string() }),
]);

/** events.addParticipants */
export const eventsAddParticipantsAnswer = z.object({
  participants: z.array(participantSchema),
});

/** events.join */
export const eventsJoinAnswer = z.object({
  message: z.string(),
  participants: z.array(participantSchema),
  /** Set when the event was full and she joined its waitlist. */
  waitlist_position: z.number().optional(),
});

/** events.leave */
export const eventsLeaveAnswer = z.object({
  message: z.string(),
  participants: z.array(participantSchema),
});

/** events.attendees */
export const eventsAttendeesAnswer = z.object({
  participants: z.array(attendeeSchema),
  waitlist: z.array(waitlistEntrySchema),
  event: z.object({ id: z.string(), slug: z.string() }),
});

/** events.moveFromWaitlist */
export const eventsMoveFromWaitlistAnswer = z.object({
  participants: z.array(attendeeSchema),
  waitlist: z.array(waitlistEntrySchema),
  message: z.string(),
});

/** events.sendConfirmation */
export const eventsSendConfirmationAnswer = z.object({ message: z.string() });

/** events.list */
export const eventsListAnswer = z.object({
  items: z.array(eventCardSchema),
  nextCursor: z.string().nullable(),
  previousCursor: z.string().nullable(),
});

/** events.deleted: the events that went, ids only, oldest first. */
export const eventsDeletedAnswer = z.array(z.object({ event_id: z.string(), deleted_at: z.date() }));

/** events.choices */
export const eventsChoicesAnswer = z.array(z.object({ id: z.string(), title: z.string(), event_date: z.string() }));

/** events.coverChoices: photos that may be the event's cover, newest first. */
export const eventsCoverChoicesAnswer = z.array(
  z.object({ id: z.string(), title: z.string(), thumbnail_url: z.string().nullable(), url: z.string() }),
);

/** events.get */
export const eventsGetAnswer = eventDtoSchema;

/** events.calendarFile */
export const eventsCalendarFileAnswer = z.object({ filename: z.string(), text: z.string() });

/** events.create */
export const eventsCreateAnswer = eventDtoSchema;

/** events.drafts */
export const eventsDraftsAnswer = z.array(
  eventDtoSchema.extend({ creator_name: z.string().nullable(), updated_at: z.string() }),
);

/** events.publish */
export const eventsPublishAnswer = eventDtoSchema;

/** events.update */
export const eventsUpdateAnswer = eventDtoSchema;

/** events.delete */
export const eventsDeleteAnswer = z.object({ message: z.string(), id: z.string() });

/** events.joinSeries */
export const eventsJoinSeriesAnswer = z.object({
  message: z.string(),
  joined: z.number(),
  waitlisted: z.number(),
  /** Dates she was on or waiting for already. */
  already: z.number(),
  /** Dates whose RSVP deadline has passed. */
  closed: z.number(),
});

/** events.leaveSeries */
export const eventsLeaveSeriesAnswer = z.object({ message: z.string(), left: z.number() });
