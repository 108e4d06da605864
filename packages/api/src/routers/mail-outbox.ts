import {
  mailOutboxGetAnswer,
  mailOutboxListAnswer,
  mailOutboxRetryAnswer,
  mailOutboxSummaryAnswer,
  mailStatuses,
} from "@club/shared";
import { z } from "zod";
import { listOutbox, outboxCounts, outboxMessage, retryFailedMail } from "../domain/admin/mail-outbox";
import { adminProcedure, answer, router } from "../trpc";

/**
 * The mail outbox, for admins: every message the club sent or will send, with its delivery state.
 * On the embedded default (no SMTP) this is where mail is read; in production it is the delivery log.
 */
export const mailOutboxRouter = router({
  /** Newest first, 50 at a time; filter by status, search by recipient or subject. */
  list: adminProcedure
    .input(
      z
        .object({
          status: z.enum(mailStatuses).optional(),
          search: z.string().trim().max(200).optional(),
          cursor: z.string().max(200).optional(),
        })
        .optional(),
    )
    .output(answer(mailOutboxListAnswer))
    .query(({ ctx, input }) => listOutbox(ctx.db, input)),

  /** Counts by status, and whether mail leaves the server at all (SMTP) or is only kept here. */
  summary: adminProcedure.output(answer(mailOutboxSummaryAnswer)).query(async ({ ctx }) => ({
    delivery: ctx.config.mailDelivery,
    counts: await outboxCounts(ctx.db),
  })),

  /** One message with its body (HTML and text), attachment names and links. */
  get: adminProcedure
    .input(z.object({ id: z.uuid("Message not found.") }))
    .output(answer(mailOutboxGetAnswer))
    .query(({ ctx, input }) => outboxMessage(ctx.db, input.id)),

  /** A message that failed is tried again now, from its first attempt. */
  retry: adminProcedure
    .input(z.object({ id: z.uuid("Message not found.") }))
    .output(answer(mailOutboxRetryAnswer))
    .mutation(async ({ ctx, input }) => {
      await retryFailedMail(ctx.db, ctx.jobs, input.id);
      return { message: "The message will be sent again shortly." };
    }),
});
