import { z } from "zod";
import { imageSourceSchema, portraitSchema } from "./common";

/** A member as a conversation shows her: her name and portrait. */
export const conversationPersonSchema = z
  .object({ id: z.string(), name: z.string(), portrait: portraitSchema })
  .meta({ id: "ConversationPerson" });

/** A gallery photo shared in a message, shown only to a reader who may see it. */
export const messagePhotoSchema = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    url: z.string(),
    sources: z.array(imageSourceSchema),
    placeholder: z.string().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  })
  .meta({ id: "MessagePhoto" });

export const messageSchema = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    /** Null: a former member's (her account is deleted). */
    author: conversationPersonSchema.nullable(),
    /** Written by the reader. */
    mine: z.boolean(),
    text: z.string(),
    photo: messagePhotoSchema.nullable(),
    created_at: z.date(),
  })
  .meta({ id: "Message" });

export const conversationSummarySchema = z
  .object({
    id: z.string(),
    /** The other members (she is not listed), by name. */
    members: z.array(conversationPersonSchema),
    last_message: z
      .object({ text: z.string(), author_name: z.string(), mine: z.boolean(), created_at: z.date() })
      .nullable(),
    /** Messages from others she has not read. */
    unread: z.number(),
    muted: z.boolean(),
    /** The stay it is about, when a stay request opened it. */
    stay_id: z.string().nullable(),
    last_message_at: z.date(),
  })
  .meta({ id: "ConversationSummary" });

/** GET /api/conversations */
export const conversationsListAnswer = z.object({
  items: z.array(conversationSummarySchema),
  /** Pass as `before` for older conversations; null at the end. */
  next: z.string().nullable(),
  /** Her unread messages in every conversation she has not muted (the Messages number). */
  unread: z.number(),
});

/** One conversation, as its page heads it. */
export const conversationAnswer = z
  .object({
    id: z.string(),
    members: z.array(conversationPersonSchema),
    muted: z.boolean(),
    stay_id: z.string().nullable(),
    /** Null: she may write; otherwise why not, in words. */
    cannot_write: z.string().nullable(),
  })
  .meta({ id: "Conversation" });

/** GET /api/conversations/{id}/messages: oldest first; `older` pages back. */
export const messagesPageAnswer = z.object({ items: z.array(messageSchema), older: z.string().nullable() });

export const conversationStartAnswer = z.object({ id: z.string(), message: z.string() });
export const messageSendAnswer = messageSchema;
export const conversationsUnreadAnswer = z.object({ unread: z.number() });
export const conversationOkAnswer = z.object({ ok: z.literal(true), message: z.string() });
export const memberBlockAnswer = z.object({ blocked: z.boolean(), message: z.string() });
export const memberBlocksAnswer = z.array(conversationPersonSchema);

/** A reported message, as the admins see it: the message, a few lines around it, and who is in it. */
export const messageReportSchema = z
  .object({
    id: z.string(),
    reason: z.string(),
    reporter_name: z.string(),
    created_at: z.date(),
    closed_at: z.date().nullable(),
    message: messageSchema,
    /** Up to five messages before it and five after, oldest first (the reported one among them). */
    context: z.array(messageSchema),
    members: z.array(z.string()),
  })
  .meta({ id: "MessageReport" });

export const messageReportsAnswer = z.array(messageReportSchema);
