import type { Queryable } from "@club/db";
import { sql } from "@club/db/orm";
import type { JobKind } from "./kinds";

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

export interface JobFailure {
  id: string;
  kind: JobKind;
  data: unknown;
  /** The last error's message. */
  error: string;
  attempts: number;
  failedAt: Date | null;
}

/** The rows of `db.execute` on either driver (postgres.js answers an array, PGlite `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/** Whether pg-boss's schema exists yet (a queue has started on this database). */
async function installed(db: Queryable): Promise<boolean> {
  const [row] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('pgboss.job')::text as t`));
  return Boolean(row?.t);
}

/** How many jobs of each kind are in each state (jobs finished more than a day ago are archived). */
export async function jobCounts(db: Queryable): Promise<{ kind: JobKind; state: JobState; count: number }[]> {
  if (!(await installed(db))) return [];
  return rowsOf<{ kind: JobKind; state: JobState; count: number }>(
    await db.execute(
      sql`select name as kind, state::text as state, count(*)::int as count from pgboss.job group by name, state order by name, state`,
    ),
  );
}

/** The most recent failures, newest first, with the error each ended on. */
export async function recentFailures(db: Queryable, limit = 20): Promise<JobFailure[]> {
  if (!(await installed(db))) return [];
  const rows = rowsOf<{
    id: string;
    kind: JobKind;
    data: unknown;
    output: unknown;
    attempts: number;
    failed_at: Date | string | null;
  }>(
    await db.execute(
      sql`select id::text, name as kind, data, output, retry_count + 1 as attempts, completed_on as failed_at
          from pgboss.job where state = 'failed' order by completed_on desc nulls last limit ${limit}`,
    ),
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
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id::text from pgboss.job where name = ${kind} and id = ${id}::uuid and state = 'failed'`,
    ),
  );
  return rows.length === 1;
}

function errorText(output: unknown): string {
  if (output && typeof output === "object" && "message" in output)
    return String((output as { message: unknown }).message);
  return output ? JSON.stringify(output).slice(0, 500) : "No error was recorded.";
}
