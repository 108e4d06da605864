import { jobKindNames, recentFailures } from "@club/jobs";
import { jobsFailuresAnswer, jobsRetryAnswer, jobsSummaryAnswer } from "@club/shared";
import { z } from "zod";
import { jobSummary, retryFailedJob } from "../domain/admin/job-queue";
import { adminProcedure, answer, router } from "../trpc";

/** The background job queue, for admins: what waits, what runs, what failed (and running it again). */
export const jobsRouter = router({
  /** How many jobs of each kind are in each state. */
  summary: adminProcedure.output(answer(jobsSummaryAnswer)).query(({ ctx }) => jobSummary(ctx.db)),

  /** The most recent failures, with the error each ended on. */
  failures: adminProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).optional() }).optional())
    .output(answer(jobsFailuresAnswer))
    .query(({ ctx, input }) => recentFailures(ctx.db, input?.limit ?? 20)),

  /** A failed job runs again. */
  retry: adminProcedure
    .input(z.object({ kind: z.literal(jobKindNames, "Unknown job kind."), id: z.uuid("Job not found.") }))
    .output(answer(jobsRetryAnswer))
    .mutation(async ({ ctx, input }) => {
      await retryFailedJob(ctx.db, ctx.jobs, input.kind, input.id);
      return { message: "The job will run again shortly." };
    }),
});
