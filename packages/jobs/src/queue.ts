import type { Queryable, RawConnection } from "@club/db";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { drizzleExecutor, pgliteExecutor } from "./executors";
import { type JobKindSpec, jobKinds } from "./kinds";

type Registry = Record<string, JobKindSpec>;
type PayloadOf<R extends Registry, K extends keyof R> = z.input<R[K]["payload"]>;

export interface JobLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface SendOptions {
  /** The transaction of the change that causes the job: the job exists exactly when the change does. */
  tx?: Queryable;
  /** A job id chosen by the caller (a second send with the same id is ignored). */
  id?: string;
  /** When the job may run: a date, or seconds from now. */
  startAfter?: Date | number;
}

/** What code that causes background work needs: a way to send it. */
export interface JobSender<R extends Registry = typeof jobKinds> {
  send<K extends keyof R & string>(kind: K, payload: PayloadOf<R, K>, options?: SendOptions): Promise<string | null>;
}

export interface JobInfo {
  id: string;
  /** This run's number, from 1; `lastAttempt` when a failure now is final. */
  attempt: number;
  lastAttempt: boolean;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export interface JobQueueOptions<R extends Registry> {
  connection: RawConnection;
  /** The kinds this queue knows (the club's own; tests add their own). */
  kinds?: R;
  log: JobLogger;
  /** How often an idle worker asks for work (pg-boss's minimum is half a second). */
  pollingIntervalSeconds?: number;
  /** Whether this process runs the recurring jobs' schedule (every server does; pg-boss sends each once). */
  schedule?: boolean;
  /** How often expired leases are found (a dead worker's job made runnable again) and old jobs archived. */
  maintenanceIntervalSeconds?: number;
}

/**
 * The one durable job queue: pg-boss on the club's database (its own `pgboss` schema), on Postgres
 * and on the embedded database alike. Several server instances share it: each job runs once, a job
 * whose worker died is run again when its lease (`expireInSeconds`) runs out, failures are retried
 * with backoff and kept, once final, for the admin screen. See docs/decisions.md.
 */
export class JobQueue<R extends Registry = typeof jobKinds> implements JobSender<R> {
  private readonly boss: PgBoss;
  private readonly log: JobLogger;
  private readonly polling: number;
  private readonly kinds: R;
  private started = false;

  constructor(options: JobQueueOptions<R>) {
    this.kinds = options.kinds ?? (jobKinds as unknown as R);
    this.log = options.log;
    this.polling = options.pollingIntervalSeconds ?? 1;
    const connection =
      options.connection.kind === "postgres"
        ? { connectionString: options.connection.url, max: 4 }
        : { db: pgliteExecutor(options.connection.client) as PgBoss.Db };
    this.boss = new PgBoss({
      ...connection,
      schedule: options.schedule ?? true,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      // Done jobs move to the archive after a day; failed ones stay two weeks where they can be
      // retried from the admin screen; the archive is emptied after two weeks.
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 14 * 24 * 3600,
      deleteAfterDays: 14,
    });
    this.boss.on("error", (err) => this.log.error({ err }, "job queue error"));
  }

  /** Installs or migrates pg-boss's schema, and makes a queue for every kind. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const [kind, spec] of Object.entries(this.kinds)) {
      await this.boss.createQueue(kind, { name: kind, policy: "standard", ...spec.options });
    }
    this.started = true;
  }

  async send<K extends keyof R & string>(
    kind: K,
    payload: PayloadOf<R, K>,
    options: SendOptions = {},
  ): Promise<string | null> {
    const data = this.spec(kind).payload.parse(payload) as object;
    return this.boss.send(kind, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.tx ? { db: drizzleExecutor(options.tx) as PgBoss.Db } : {}),
    });
  }

  /** Runs jobs of a kind in this process, `workers` at a time (the kind's own number by default). */
  async work<K extends keyof R & string>(
    kind: K,
    handler: JobHandler<PayloadOf<R, K>>,
    options: { workers?: number } = {},
  ): Promise<void> {
    const spec = this.spec(kind);
    const count = options.workers ?? spec.workers;
    for (let i = 0; i < count; i++) {
      await this.boss.work<object>(
        kind,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.polling },
        async ([job]) => {
          if (!job) return;
          const payload = spec.payload.parse(job.data) as PayloadOf<R, K>;
          await handler(payload, {
            id: job.id,
            attempt: job.retryCount + 1,
            lastAttempt: job.retryCount >= job.retryLimit,
          });
        },
      );
    }
  }

  /** The recurring kinds on their cron schedules (sent once per slot however many instances run). */
  async scheduleRecurring(): Promise<void> {
    for (const [kind, spec] of Object.entries(this.kinds)) {
      if (spec.cron) await this.boss.schedule(kind, spec.cron, {});
    }
  }

  /** A failed (or cancelled) job runs again. */
  async retry(kind: keyof R & string, id: string): Promise<void> {
    await this.boss.retry(kind, id);
  }

  async cancel(kind: keyof R & string, id: string): Promise<void> {
    await this.boss.cancel(kind, id);
  }

  private spec(kind: keyof R & string): JobKindSpec {
    const spec = this.kinds[kind];
    if (!spec) throw new Error(`Unknown job kind ${kind}.`);
    return spec;
  }

  /** Stops taking work and waits up to `graceMs` for jobs under way; one still running is run again later. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: graceMs });
  }
}
