import type { Queryable } from "@club/db";
import { isFailedJob, type JobKind, type JobSender, jobCounts, jobKindNames } from "@club/jobs";
import { notFound } from "../../errors";

// The background job queue, for admins: what waits, what runs, what failed.

/** How many jobs of each kind are in each state (a kind with no jobs has no states). */
export async function jobSummary(db: Queryable): Promise<{ kind: JobKind; states: Record<string, number> }[]> {
  const counts = await jobCounts(db);
  return jobKindNames.map((kind) => ({
    kind,
    states: Object.fromEntries(counts.filter((c) => c.kind === kind).map((c): [string, number] => [c.state, c.count])),
  }));
}

/** A failed job runs again. */
export async function retryFailedJob(db: Queryable, jobs: JobSender, kind: JobKind, id: string): Promise<void> {
  if (!(await isFailedJob(db, kind, id))) throw notFound("No failed job with that id.");
  await jobs.retry(kind, id);
}
