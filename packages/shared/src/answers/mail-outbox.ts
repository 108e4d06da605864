import { z } from "zod";
import { mailStatuses } from "../enums";

/** A message in the outbox, as its list shows it. */
export const outboxMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(mailStatuses),
    attempts: z.number(),
    lastError: z.string().nullable(),
    createdAt: z.date(),
    sentAt: z.date().nullable(),
    bodyPurgedAt: z.date().nullable(),
  })
  .meta({ id: "OutboxMessage" });

/** mailOutbox.list */
export const mailOutboxListAnswer = z.object({
  items: z.array(outboxMessageSchema),
  nextCursor: z.string().nullable(),
});

/** mailOutbox.summary */
export const mailOutboxSummaryAnswer = z.object({
  delivery: z.enum(["smtp", "capture"]),
  counts: z.object({ pending: z.number(), failed: z.number(), sent: z.number(), captured: z.number() }),
});

/** mailOutbox.get */
export const mailOutboxGetAnswer = outboxMessageSchema.extend({
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  links: z.array(z.string()),
  html: z.string(),
  text: z.string(),
});

/** mailOutbox.retry */
export const mailOutboxRetryAnswer = z.object({ message: z.string() });
