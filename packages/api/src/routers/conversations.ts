import {
  conversationAnswer,
  conversationIdInput,
  conversationMuteInput,
  conversationOkAnswer,
  conversationStartAnswer,
  conversationStartInput,
  conversationsListAnswer,
  conversationsListInput,
  conversationsUnreadAnswer,
  memberBlockAnswer,
  memberBlockInput,
  memberBlocksAnswer,
  messageReportIdInput,
  messageReportInput,
  messageReportsAnswer,
  messageSendAnswer,
  messageSendInput,
  messagesPageAnswer,
  messagesPageInput,
} from "@club/shared";
import { requireConversationMember } from "../domain/access";
import { blockedBy, blockMember, unblockMember } from "../domain/conversations/blocks";
import { conversationView, listConversations } from "../domain/conversations/list";
import { messagesPage, unreadMessages } from "../domain/conversations/messages";
import { closeReport, openReports, reportMessage } from "../domain/conversations/reports";
import {
  leaveConversation,
  markConversationRead,
  muteConversation,
  sendMessage,
  startConversation,
} from "../domain/conversations/write";
import { adminProcedure, answer, memberProcedure, router } from "../trpc";

/**
 * Messages: private conversations between members, read by their members only (admins see a
 * message only once it is reported). New messages reach open pages through the bell's live stream
 * (`notifications.live` carries her unread messages too).
 */
export const conversationsRouter = router({
  /** GET /api/conversations: hers, newest first, with the number she has not read. */
  list: memberProcedure
    .input(conversationsListInput)
    .output(answer(conversationsListAnswer))
    .query(({ ctx, input }) => listConversations(ctx.db, ctx.user, input)),

  /** One of hers, as its page heads it (who is in it, whether she may write). */
  get: memberProcedure
    .input(conversationIdInput)
    .output(answer(conversationAnswer))
    .query(async ({ ctx, input }) => {
      const membership = await requireConversationMember(ctx.db, ctx.user, input.id);
      return conversationView(ctx.db, ctx.user, input.id, membership.muted);
    }),

  /** Her unread messages (the number beside Messages). */
  unread: memberProcedure
    .output(answer(conversationsUnreadAnswer))
    .query(async ({ ctx }) => ({ unread: await unreadMessages(ctx.db, ctx.user.id) })),

  /** POST /api/conversations: to one member or up to nine, with the first message. */
  start: memberProcedure
    .input(conversationStartInput)
    .output(answer(conversationStartAnswer))
    .mutation(async ({ ctx, input }) => {
      const { id, created } = await startConversation(ctx, input);
      return {
        id,
        message: created ? "Your message is sent." : "Your message is sent, in your conversation with her.",
      };
    }),

  /** GET /api/conversations/{id}/messages: a page, oldest first; `before` pages back. */
  messages: memberProcedure
    .input(messagesPageInput)
    .output(answer(messagesPageAnswer))
    .query(async ({ ctx, input }) => {
      await requireConversationMember(ctx.db, ctx.user, input.id);
      return messagesPage(ctx.db, ctx.user, input.id, input);
    }),

  /** POST /api/conversations/{id}/messages */
  send: memberProcedure
    .input(messageSendInput)
    .output(answer(messageSendAnswer))
    .mutation(async ({ ctx, input }) => {
      await requireConversationMember(ctx.db, ctx.user, input.id);
      return sendMessage(ctx, input.id, input);
    }),

  /** POST /api/conversations/{id}/read: read up to its newest message; answers her unread number. */
  read: memberProcedure
    .input(conversationIdInput)
    .output(answer(conversationsUnreadAnswer))
    .mutation(async ({ ctx, input }) => {
      await requireConversationMember(ctx.db, ctx.user, input.id);
      await markConversationRead(ctx.db, ctx.user, input.id);
      return { unread: await unreadMessages(ctx.db, ctx.user.id) };
    }),

  /** POST /api/conversations/{id}/leave */
  leave: memberProcedure
    .input(conversationIdInput)
    .output(answer(conversationOkAnswer))
    .mutation(async ({ ctx, input }) => {
      await requireConversationMember(ctx.db, ctx.user, input.id);
      await leaveConversation(ctx.db, ctx.user, input.id);
      return { ok: true as const, message: "You left the conversation." };
    }),

  /** POST /api/conversations/{id}/mute (`muted`: true or false) */
  mute: memberProcedure
    .input(conversationMuteInput)
    .output(answer(conversationOkAnswer))
    .mutation(async ({ ctx, input }) => {
      await requireConversationMember(ctx.db, ctx.user, input.id);
      await muteConversation(ctx.db, ctx.user, input.id, input.muted);
      return {
        ok: true as const,
        message: input.muted
          ? "The conversation is muted: no e-mail, and not counted."
          : "The conversation is no longer muted.",
      };
    }),

  /** The members she blocked. */
  blocked: memberProcedure.output(answer(memberBlocksAnswer)).query(({ ctx }) => blockedBy(ctx.db, ctx.user)),

  /** POST /api/members/{id}/block */
  block: memberProcedure
    .input(memberBlockInput)
    .output(answer(memberBlockAnswer))
    .mutation(async ({ ctx, input }) => ({ blocked: true, message: await blockMember(ctx.db, ctx.user, input.id) })),

  /** DELETE /api/members/{id}/block */
  unblock: memberProcedure
    .input(memberBlockInput)
    .output(answer(memberBlockAnswer))
    .mutation(async ({ ctx, input }) => ({ blocked: false, message: await unblockMember(ctx.db, ctx.user, input.id) })),

  /** POST /api/messages/{id}/report: to the admins, with why. */
  report: memberProcedure
    .input(messageReportInput)
    .output(answer(conversationOkAnswer))
    .mutation(async ({ ctx, input }) => ({
      ok: true as const,
      message: await reportMessage(ctx.db, ctx.user, input.id, input.reason),
    })),

  /** Admins: the reports still open, each message with five either side. */
  reports: adminProcedure.output(answer(messageReportsAnswer)).query(({ ctx }) => openReports(ctx.db, ctx.user)),

  /** Admins: a report dealt with. */
  closeReport: adminProcedure
    .input(messageReportIdInput)
    .output(answer(conversationOkAnswer))
    .mutation(async ({ ctx, input }) => ({
      ok: true as const,
      message: await closeReport(ctx.db, ctx.user, input.id),
    })),
});
