import { z } from "zod";

export const jobFailureSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    data: z.unknown(),
    error: z.string(),
    attempts: z.number(),
    failedAt: z.date().nullable(),
  })
  .meta({ id: "JobFailure" });

/** jobs.summary */
export const jobsSummaryAnswer = z.array(
  z.object({
    kind: z.enum([
      "mail.send",
      "mail.scheduled",
      "password-reset.send",
      "event.reminder",
      "media.transcode",
      "data-export.build",
      "media.delete-objects",
      "webhook.deliver",
      "notifications.digest",
      "messages.mail",
      "housekeeping",
    ]),
    states: z.record(z.string(), z.number()),
  }),
);

/** jobs.failures */
export const jobsFailuresAnswer = z.array(jobFailureSchema);

/** jobs.retry */
export const jobsRetryAnswer = z.object({ message: z.string() });
