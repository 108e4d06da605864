import { isFailedJob, type JobKind, jobCounts, jobKindNames, recentFailures } from "@club/jobs";
import { z } from "zod";
import { notFound } from "../errors";
import { adminProcedure, router } from "../trpc";

const kindInput = z.enum(jobKindNames as [JobKind, ...JobKind[]], "Unknown job kind.");

/** The background job queue, for admins: what waits, what runs, what failed (and running it again). */
export const jobsRouter = router({
  /** How many jobs of each kind are in each state. */
  summary: adminProcedure.query(async ({ ctx }) => {
    const counts = await jobCounts(ctx.db);
    return jobKindNames.map((kind) => ({
      kind,
      states: Object.fromEntries(counts.filter((c) => c.kind === kind).map((c) => [c.state, c.count])) as Record<
        string,
        number
      >,
    }));
  }),

  /** The most recent failures, with the error each ended on. */
  failures: adminProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).optional() }).optional())
    .query(({ ctx, input }) => recentFailures(ctx.db, input?.limit ?? 20)),

  /** A failed job runs again. */
  retry: adminProcedure
    .input(z.object({ kind: kindInput, id: z.uuid("Job not found.") }))
    .mutation(async ({ ctx, input }) => {
      if (!(await isFailedJob(ctx.db, input.kind, input.id))) throw notFound("No failed job with that id.");
      await ctx.jobs.retry(input.kind, input.id);
      return { message: "The job will run again shortly." };
    }),
});
