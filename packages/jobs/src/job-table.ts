/**
 * Every statement the club runs on pg-boss's own tables (`pgboss.job`), in one place: what pg-boss
 * has no call for (cancelling the waiting job of a key, handing a stopped job back, the admin's
 * counts and failures, a kind's waiting payloads). A new pg-boss version that changes its tables
 * is checked here and nowhere else.
 */
import { type Queryable, rowsOf } from "@club/db";
import { sql } from "@club/db/orm";
import type PgBoss from "pg-boss";
import { z } from "zod";
import type { JobKind } from "./kinds";

const jobState = z.enum(["created", "retry", "active", "completed", "cancelled", "failed"]);
export type JobState = z.infer<typeof jobState>;

export interface JobFailure {
  id: string;
  /** pg-boss's `name`: one of this build's kinds, or of a queue made with others (a test's, an earlier version's). */
  kind: string;
  data: unknown;
  /** The last error's message. */
  error: string;
  attempts: number;
  failedAt: Date | null;
}

/** Whether pg-boss's schema exists yet (a queue has started on this database). */
async function installed(db: Queryable): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`select to_regclass('pgboss.job')::text as t`),
    z.object({ t: z.string().nullable() }),
  );
  return Boolean(row?.t);
}

/** How many jobs of each kind are in each state (jobs finished more than a day ago are archived). */
export async function jobCounts(db: Queryable): Promise<{ kind: string; state: JobState; count: number }[]> {
  if (!(await installed(db))) return [];
  return rowsOf(
    await db.execute(
      sql`select name as kind, state::text as state, count(*)::int as count from pgboss.job group by name, state order by name, state`,
    ),
    z.object({ kind: z.string(), state: jobState, count: z.number() }),
  );
}

/** The most recent failures, newest first, with the error each ended on. */
export async function recentFailures(db: Queryable, limit = 20): Promise<JobFailure[]> {
  if (!(await installed(db))) return [];
  const rows = rowsOf(
    await db.execute(
      sql`select id::text, name as kind, data, output, retry_count + 1 as attempts, completed_on as failed_at
          from pgboss.job where state = 'failed' order by completed_on desc nulls last limit ${limit}`,
    ),
    z.object({
      id: z.string(),
      kind: z.string(),
      data: z.unknown(),
      output: z.unknown(),
      attempts: z.number(),
      failed_at: z.union([z.date(), z.string()]).nullable(),
    }),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    data: r.data,
    error: errorText(r.output),
    attempts: r.attempts,
    failedAt: r.failed_at ? new Date(r.failed_at) : null,
  }));
}

/** Whether a job of that kind and id has failed for good (what may be run again from the admin screen). */
export async function isFailedJob(db: Queryable, kind: string, id: string): Promise<boolean> {
  if (!(await installed(db))) return false;
  const rows = rowsOf(
    await db.execute(
      sql`select id::text from pgboss.job where name = ${kind} and id = ${id}::uuid and state = 'failed'`,
    ),
    z.object({ id: z.string() }),
  );
  return rows.length === 1;
}

/** Jobs that wait to run (a job under way or done is not cancelled or replaced). */
const WAITING = "state < 'active'";

/** Cancels the waiting job of a kind's key (before another is sent for it, in the same transaction). */
export async function cancelWaitingJob(db: PgBoss.Db, kind: string, key: string): Promise<void> {
  await db.executeSql(
    `UPDATE pgboss.job SET state = 'cancelled', completed_on = now()
     WHERE name = $1 AND singleton_key = $2 AND ${WAITING}`,
    [kind, key],
  );
}

/** Cancels the waiting jobs of a kind whose key is `key` or starts with `key:`; returns how many. */
export async function cancelWaitingJobsUnder(db: PgBoss.Db, kind: string, key: string): Promise<number> {
  const result = await db.executeSql(
    `UPDATE pgboss.job SET state = 'cancelled', completed_on = now()
     WHERE name = $1 AND (singleton_key = $2 OR starts_with(singleton_key, $2 || ':')) AND ${WAITING}
     RETURNING id`,
    [kind, key],
  );
  return result.rows.length;
}

/** A started job back to waiting, as if never started (pg-boss counts a try when one is fetched again). */
export async function handJobBack(db: PgBoss.Db, kind: string, id: string): Promise<void> {
  await db.executeSql(
    `UPDATE pgboss.job SET state = 'created', started_on = NULL, start_after = now()
     WHERE name = $1 AND id = $2 AND state = 'active'`,
    [kind, id],
  );
}

/**
 * Which of these kinds have a job that a worker's fetch would take now: pg-boss's own condition
 * (waiting or to be retried, its time come), read from its index of waiting jobs.
 */
export async function kindsWithWork(db: PgBoss.Db, kinds: string[]): Promise<string[]> {
  const result = await db.executeSql(
    `SELECT DISTINCT name FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
    [kinds],
  );
  const rows = Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows;
  return rows.map((row) => z.object({ name: z.string() }).parse(row).name);
}

/** The values of one payload field over a kind's jobs not yet done (waiting, retrying or under way). */
export async function unfinishedJobValues(db: Queryable, kind: JobKind, field: string): Promise<Set<string>> {
  if (!(await installed(db))) return new Set();
  const rows = rowsOf(
    await db.execute(sql`select data->>${field} as value from pgboss.job where name = ${kind} and state < 'completed'`),
    z.object({ value: z.string().nullable() }),
  );
  return new Set(rows.flatMap((r) => (r.value ? [r.value] : [])));
}

function errorText(output: unknown): string {
  if (output && typeof output === "object" && "message" in output) return String(output.message);
  return output ? JSON.stringify(output).slice(0, 500) : "No error was recorded.";
}
