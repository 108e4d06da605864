export { drizzleExecutor, pgliteExecutor, type SqlExecutor } from "./executors";
export {
  isFailedJob,
  type JobFailure,
  type JobState,
  jobCounts,
  recentFailures,
  unfinishedJobValues,
} from "./job-table";
export { type JobKind, type JobKindSpec, type JobPayload, jobKindNames, jobKinds } from "./kinds";
export {
  discardJobs,
  type JobHandler,
  type JobInfo,
  type JobLogger,
  JobQueue,
  type JobQueueOptions,
  type JobSender,
  type SendOptions,
} from "./queue";
