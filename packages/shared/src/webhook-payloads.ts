import { z } from "zod";
import { stayStatuses } from "./answers/travel";
import { eventExclusivities, mediaTypes, memberTypes } from "./enums";
import { eventTypes } from "./schemas/events";
import { WEBHOOK_PING, type WebhookEventType, webhookEventTypes } from "./webhooks";

/*
 * What each webhook message carries in its `data`: the schemas the server builds them by (its
 * `emitWebhook` is typed by them), that describe them in the OpenAPI document's `webhooks`, and that
 * the tests check real deliveries against. Fields may be added in a later version (a receiver should
 * ignore what it does not know); none is removed or changes its meaning.
 */

const id = (what: string) => z.string().describe(what);
const optionalId = (what: string) => z.string().nullable().describe(what);

const member = z.object({
  id: id("The member's id."),
  name: z.string(),
  email: z.string(),
  type: z.enum(memberTypes),
  admin: z.boolean(),
});

const application = z.object({
  id: id("The application's id."),
  name: z.string(),
  email: z.string(),
  membershipType: z.enum(memberTypes),
});

const decidedApplication = application.extend({ decidedBy: id("The admin who decided it.") });

const event = z.object({
  id: id("The event's id."),
  slug: z.string(),
  url: z.string().describe("The event's page in the club (members only)."),
  title: z.string(),
  type: z.enum(eventTypes.map((t) => t.value) as [string, ...string[]]),
  exclusivity: z.enum(eventExclusivities),
  date: z.string().describe("Its first day, YYYY-MM-DD, in the club's time zone."),
  endDate: z.string().nullable(),
  startTime: z.string().nullable().describe("HH:MM, or null for an event of whole days."),
  endTime: z.string().nullable(),
  location: z.string().nullable().describe("Null for an event online."),
  city: z.string().nullable(),
  online: z.boolean(),
  capacity: z.number().int().nullable(),
  createdBy: optionalId("The member who created it; null once her account is gone."),
  seriesId: optionalId("For a date of a repeating event, its series (shared by all its dates); else null."),
});

const commentableType = z
  .enum(["event", "media"])
  .describe("What `commentableId` is: an event, or a photo or video of the gallery (`media.*`).");

const participant = z.object({
  eventId: id("The event's id."),
  userId: id("The member's id."),
  guests: z.number().int().describe("How many guests came with her."),
});

const stay = z.object({
  id: id("The stay's id."),
  home_id: id("The home's id."),
  guest_id: id("The guest's member id."),
  host_id: id("The host's member id."),
  arrive: z.string().describe("YYYY-MM-DD"),
  depart: z.string().describe("YYYY-MM-DD"),
  guests: z.number().int(),
  status: z.enum(stayStatuses),
});

/** Each event's `data`, by its type. */
export const webhookDataSchemas = {
  "member.created": member,
  "member.updated": member.extend({
    previous: member
      .pick({ name: true, email: true, type: true, admin: true })
      .partial()
      .describe("What changed: each changed field as it was before; the fields that did not change are absent."),
  }),
  "member.deleted": z.object({
    id: id("The member's id."),
    email: z.string().describe("Her address, so that a system can forget her too."),
    by: z.enum(["self", "admin", "command line"]).describe("Who deleted the account."),
  }),
  "application.submitted": application,
  "application.accepted": decidedApplication,
  "application.rejected": decidedApplication,
  "event.created": event,
  "event.updated": event.extend({
    previous: event
      .omit({ id: true })
      .partial()
      .describe(
        "What changed: each of this message's fields that the edit changed, as it was before; empty when the edit changed only what the message does not carry (its description, say).",
      ),
  }),
  "event.cancelled": event,
  "event.participant.joined": participant,
  "event.participant.left": participant,
  "media.uploaded": z.object({
    id: id("The photo's or video's id."),
    eventId: optionalId("The event it belongs to, if any."),
    uploadedBy: optionalId("The member who added it."),
    mediaType: z.enum(mediaTypes),
    contentType: z.string(),
    title: z.string().nullable(),
    fileName: z.string().nullable().describe("The file's name as uploaded, when it had one."),
    sizeBytes: z.number().int(),
  }),
  "media.deleted": z.object({
    id: id("The photo's or video's id."),
    eventId: optionalId("The event it belonged to, if any."),
    uploadedBy: optionalId("The member who added it."),
    deletedBy: id("The member who deleted it: its uploader, or an admin."),
  }),
  "comment.created": z.object({
    id: id("The comment's id."),
    commentableId: id("What it is on: an event's or a photo's id."),
    commentableType: commentableType,
    authorId: id("The member who wrote it."),
    content: z.string(),
  }),
  "comment.deleted": z.object({
    id: id("The comment's id."),
    commentableId: id("What it was on: an event's or a photo's id."),
    commentableType: commentableType,
    deletedBy: id("Its author, or an admin."),
  }),
  "stay.requested": stay,
  "stay.accepted": stay,
  "stay.declined": stay,
  "stay.cancelled": stay,
} satisfies Record<WebhookEventType, z.ZodObject>;

/** The test message's `data` (Send a test message, `club webhook ping`). */
export const webhookPingDataSchema = z.object({ webhook_id: id("The endpoint's id."), name: z.string() });

export type WebhookDataOf<T extends WebhookEventType> = z.input<(typeof webhookDataSchemas)[T]>;

/** A whole message of one type, as it is posted: `{ type, timestamp, data }`. */
export function webhookMessageSchema(type: WebhookEventType | typeof WEBHOOK_PING) {
  const data = type === WEBHOOK_PING ? webhookPingDataSchema : webhookDataSchemas[type];
  return z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe("When it happened, ISO 8601."),
      data,
    })
    .describe(type === WEBHOOK_PING ? "A test message an admin sent." : `${webhookEventTypes[type]}.`);
}
