import { z } from "../zod";

/** How many members a conversation holds at most, she included. */
export const CONVERSATION_MAX_MEMBERS = 10;
/** The longest message. */
export const MESSAGE_MAX_LENGTH = 4000;

const conversationId = z.uuid("Conversation not found.");
const memberId = z.uuid("Member not found.");

/** What she writes: plain text (links are made clickable when shown; nothing else is markup). */
export const messageText = z
  .string({ error: "Write a message." })
  .trim()
  .min(1, "Write a message.")
  .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en")} characters.`);

/** A gallery photo shared with the message, as a card (one she may see). */
const sharedPhoto = z.uuid("Photo not found.").optional();

/** POST /api/conversations: to one member or a small group. */
export const conversationStartInput = z.object({
  memberIds: z
    .array(memberId, { error: "Choose who to write to." })
    .min(1, "Choose who to write to.")
    .max(CONVERSATION_MAX_MEMBERS - 1, `A conversation has at most ${CONVERSATION_MAX_MEMBERS} members, you included.`),
  text: messageText,
  mediaId: sharedPhoto,
});
export type ConversationStartInput = z.infer<typeof conversationStartInput>;

export const conversationIdInput = z.object({ id: conversationId });

/** POST /api/conversations/{id}/messages */
export const messageSendInput = z.object({ id: conversationId, text: messageText, mediaId: sharedPhoto });
export type MessageSendInput = z.infer<typeof messageSendInput>;

/** GET /api/conversations/{id}/messages: the newest page, or an older one (`before`: a page's `older`). */
export const messagesPageInput = z.object({
  id: conversationId,
  before: z.string().max(200).optional().meta({ description: "An earlier page's `older`: the page before it." }),
  limit: z.number().int().min(1).max(100).optional(),
});

export const conversationsListInput = z
  .object({
    before: z
      .string()
      .max(200)
      .optional()
      .meta({ description: "An earlier page's `next`: the conversations after it." }),
    limit: z.number().int().min(1).max(50).optional(),
  })
  .optional();

export const conversationMuteInput = z.object({ id: conversationId, muted: z.boolean() });

/** POST and DELETE /api/members/{id}/block */
export const memberBlockInput = z.object({ id: memberId });

/** POST /api/messages/{id}/report */
export const messageReportInput = z.object({
  id: z.uuid("Message not found."),
  reason: z
    .string({ error: "Say why you report this message." })
    .trim()
    .min(3, "Say why you report this message.")
    .max(1000, "A reason can be at most 1,000 characters."),
});
export type MessageReportInput = z.infer<typeof messageReportInput>;

export const messageReportIdInput = z.object({ id: z.uuid("Report not found.") });
