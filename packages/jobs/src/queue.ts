import { type Queryable, type RawConnection, withSchemaLock } from "@club/db";
import PgBoss from "pg-boss";
import { z } from "zod";
import { drizzleExecutor, pgliteExecutor } from "./executors";
import { cancelWaitingJob, cancelWaitingJobsUnder, handJobBack, kindsWithWork } from "./job-table";
import type { JobKindSpec, jobKinds } from "./kinds";

type Registry = Record<string, JobKindSpec>;
type PayloadOf<R extends Registry, K extends keyof R> = z.input<R[K]["payload"]>;
/** What a worker is given: the payload as its schema reads it. */
type ParsedPayloadOf<R extends Registry, K extends keyof R> = z.output<R[K]["payload"]>;

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
  /** Many jobs of one kind in one statement (a group e-mail's messages); ids as given. */
  sendMany<K extends keyof R & string>(
    kind: K,
    jobs: { payload: PayloadOf<R, K>; id: string }[],
    options?: { tx?: Queryable },
  ): Promise<void>;
  /** The one waiting job of a key, sent or moved (see `JobQueue.sendKeyed`). */
  sendKeyed<K extends keyof R & string>(
    kind: K,
    key: string,
    payload: PayloadOf<R, K>,
    options: Omit<SendOptions, "id" | "tx"> & { tx: Queryable },
  ): Promise<string | null>;
  /** The waiting jobs of a key, or of every key under it, cancelled. */
  cancelKeyed(kind: keyof R & string, key: string, options?: { tx?: Queryable }): Promise<number>;
  /** A failed (or cancelled) job runs again. */
  retry(kind: keyof R & string, id: string): Promise<void>;
}

export interface JobInfo {
  id: string;
  /** This run's number, from 1; `lastAttempt` when a failure now is final. */
  attempt: number;
  lastAttempt: boolean;
  /**
   * Aborted when this server stops. A long job (transcoding) stops at once and is handed back: it
   * runs again from the start, here after a restart or on another instance, without counting as a
   * failed try. Quick jobs can ignore it (they get the stop's grace period to finish).
   */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export interface JobQueueOptions<R extends Registry> {
  connection: RawConnection;
  /** The kinds this queue knows: the club's own (`jobKinds`), or a test's. */
  kinds: R;
  log: JobLogger;
  /** How often this process looks for work when its workers are idle (pg-boss's minimum is half a second). */
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
 * with backoff and kept, once final, for the admin screen. See
 * docs/decisions/one-durable-job-queue-pg-boss-10-on-postgres.md.
 */
export class JobQueue<R extends Registry = typeof jobKinds> implements JobSender<R> {
  private readonly boss: PgBoss;
  private readonly log: JobLogger;
  private readonly polling: number;
  private readonly kinds: R;
  private started = false;
  private stopping = false;
  /** Workers that are running, and the ones waiting for work, by kind (to wake them). */
  private readonly running = new Set<Promise<void>>();
  private readonly waiting = new Map<string, Set<() => void>>();
  /** One per job under way in this process, aborted when it stops. */
  private readonly underWay = new Set<AbortController>();
  private readonly connection: RawConnection;
  /** The one loop that looks for work for every idle worker (started with the first), and its nap's end. */
  private lookout: Promise<void> | undefined;
  private endNap: (() => void) | undefined;

  constructor(options: JobQueueOptions<R>) {
    this.kinds = options.kinds;
    this.log = options.log;
    this.polling = options.pollingIntervalSeconds ?? 1;
    this.connection = options.connection;
    const connection =
      options.connection.kind === "postgres"
        ? { connectionString: options.connection.url, max: 4 }
        : // pg-boss's Db type leaves out the rows of every statement a script answers (see SqlExecutor).
          { db: pgliteExecutor(options.connection.client) as PgBoss.Db };
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
    const startAndCreateQueues = async () => {
      await this.boss.start();
      for (const [kind, spec] of Object.entries(this.kinds)) {
        // "short": one waiting job per key (a unique index of pg-boss's); the update keeps an existing
        // queue's options in step with the code.
        const options = { name: kind, policy: spec.keyed ? "short" : "standard", ...spec.options } as const;
        await this.boss.createQueue(kind, options);
        await this.boss.updateQueue(kind, options);
      }
    };
    // A queue is a table of its own (a partition of pgboss.job): two instances creating them at once
    // on one Postgres deadlock. pg-boss's own start creates one too (its schedule's), so it runs
    // under the same lock: a second instance starting beside the first once lost that race.
    if (this.connection.kind === "postgres") await withSchemaLock(this.connection.url, startAndCreateQueues);
    else await startAndCreateQueues();
    this.started = true;
  }

  async send<K extends keyof R & string>(
    kind: K,
    payload: PayloadOf<R, K>,
    options: SendOptions = {},
  ): Promise<string | null> {
    const data = this.spec(kind).payload.parse(payload);
    const id = await this.boss.send(kind, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.tx ? { db: drizzleExecutor(options.tx) } : {}),
    });
    this.wakeIfDue(kind, options);
    return id;
  }

  async sendMany<K extends keyof R & string>(
    kind: K,
    jobs: { payload: PayloadOf<R, K>; id: string }[],
    options: { tx?: Queryable } = {},
  ): Promise<void> {
    if (jobs.length === 0) return;
    const spec = this.spec(kind);
    // pg-boss's insert takes the queue's options (retries, lease) for what a job leaves out.
    await this.boss.insert(
      jobs.map((job) => ({ id: job.id, name: kind, data: spec.payload.parse(job.payload) })),
      options.tx ? { db: drizzleExecutor(options.tx) } : {},
    );
    this.wakeIfDue(kind, {});
  }

  /**
   * Sends the job for `key` of a keyed kind, or moves it: a job of that key still waiting is
   * cancelled in the same transaction, so exactly one waits, with the new payload and time (a
   * reminder when the event's time changes). It takes the transaction of the change that causes it
   * (the cancel and the send are one change). Returns the new job's id.
   */
  async sendKeyed<K extends keyof R & string>(
    kind: K,
    key: string,
    payload: PayloadOf<R, K>,
    options: Omit<SendOptions, "id" | "tx"> & { tx: Queryable },
  ): Promise<string | null> {
    const spec = this.spec(kind);
    if (!spec.keyed) throw new Error(`Jobs of kind ${kind} have no key.`);
    const data = spec.payload.parse(payload);
    const db = drizzleExecutor(options.tx);
    await cancelWaitingJob(db, kind, key);
    const id = await this.boss.send(kind, data, {
      singletonKey: key,
      db,
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    });
    this.wakeIfDue(kind, options);
    return id;
  }

  /**
   * Cancels the waiting jobs of a keyed kind whose key is `key` or starts with `key` + ":" (every
   * reminder of an event when the event is deleted). Returns how many.
   */
  async cancelKeyed(kind: keyof R & string, key: string, options: { tx?: Queryable } = {}): Promise<number> {
    const db = options.tx ? drizzleExecutor(options.tx) : this.boss.getDb();
    return cancelWaitingJobsUnder(db, kind, key);
  }

  private wakeIfDue(kind: string, options: SendOptions): void {
    // A job due now wakes this process's idle workers of its kind (one sent in a transaction is
    // seen once that commits; a worker that looks too early finds nothing and waits its interval).
    if (options.startAfter === undefined) setImmediate(() => this.wake(kind));
  }

  /**
   * Runs jobs of a kind in this process, `workers` at a time (the kind's own number by default). A
   * worker takes the next job as soon as it has finished one; when there was none it waits until
   * the lookout finds one of its kind (or at once when this process sends one).
   */
  async work<K extends keyof R & string>(
    kind: K,
    handler: JobHandler<ParsedPayloadOf<R, K>>,
    options: { workers?: number } = {},
  ): Promise<void> {
    const spec = this.spec(kind);
    const schema: R[K]["payload"] = spec.payload;
    const parse = (data: unknown): ParsedPayloadOf<R, K> => z.parse(schema, data);
    for (let i = 0; i < (options.workers ?? spec.workers); i++) {
      const worker = this.runWorker(kind, parse, handler);
      this.running.add(worker);
      void worker.finally(() => this.running.delete(worker));
    }
  }

  private async runWorker<P>(kind: string, parse: (data: unknown) => P, handler: JobHandler<P>): Promise<void> {
    while (!this.stopping) {
      let job: PgBoss.JobWithMetadata<object> | undefined;
      try {
        [job] = await this.boss.fetch<object>(kind, { batchSize: 1, includeMetadata: true });
      } catch (err) {
        this.log.error({ err, kind }, "could not fetch a job");
      }
      if (!job) {
        await this.idle(kind);
        continue;
      }
      if (this.stopping) {
        // Fetched as the server began to stop: it waits for the next one, untried.
        await this.handBack(kind, job.id);
        break;
      }
      const stop = new AbortController();
      this.underWay.add(stop);
      try {
        await handler(parse(job.data), {
          id: job.id,
          attempt: job.retryCount + 1,
          lastAttempt: job.retryCount >= job.retryLimit,
          signal: stop.signal,
        });
        await this.boss.complete(kind, job.id);
      } catch (err) {
        if (stop.signal.aborted) {
          await this.handBack(kind, job.id);
          continue;
        }
        const message = err instanceof Error ? err.message : String(err);
        this.log.warn({ err, kind, jobId: job.id, attempt: job.retryCount + 1 }, "job failed");
        await this.boss.fail(kind, job.id, { message }).catch((failErr: unknown) => {
          // Left active, the job runs again when its lease runs out.
          this.log.error({ err: failErr, kind, jobId: job.id }, "could not record a job's failure");
        });
      } finally {
        this.underWay.delete(stop);
      }
    }
  }

  /**
   * A job stopped by the server's stop waits again as if never started (pg-boss counts a try when
   * a job that has started is fetched again), so it runs next from the start.
   */
  private async handBack(kind: string, id: string): Promise<void> {
    this.log.info({ kind, jobId: id }, "job stopped with the server; it will run again");
    await handJobBack(this.boss.getDb(), kind, id).catch((err: unknown) =>
      this.log.error({ err, kind, jobId: id }, "could not hand a stopped job back"),
    );
  }

  /**
   * Waits until there is work of the kind: the lookout found some, this process sent one, or the
   * queue stops.
   */
  private idle(kind: string): Promise<void> {
    this.lookOut();
    return new Promise((resolve) => {
      const set = this.waiting.get(kind) ?? new Set();
      this.waiting.set(kind, set);
      const wake = () => {
        set.delete(wake);
        resolve();
      };
      set.add(wake);
    });
  }

  /**
   * Every polling interval, one statement asks which of the idle workers' kinds have a job that may
   * run now, and wakes those workers. Each worker asking for itself was a dozen statements a second
   * on a server with nothing to do (4% of a core on the embedded database, two dozen a second on a
   * Postgres shared by two instances); one answers the same.
   */
  private lookOut(): void {
    if (this.lookout || this.stopping) return;
    const loop = async () => {
      while (!this.stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.polling * 1000);
          // Waiting for work keeps no process alive (a script that sent its jobs may end).
          timer.unref();
          this.endNap = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        const idleKinds = [...this.waiting].filter(([, set]) => set.size > 0).map(([kind]) => kind);
        if (this.stopping || idleKinds.length === 0) continue;
        try {
          for (const kind of await kindsWithWork(this.boss.getDb(), idleKinds)) this.wake(kind);
        } catch (err) {
          // The database is away: the workers wait, and the next look tries again.
          this.log.error({ err }, "could not look for jobs");
        }
      }
    };
    this.lookout = loop();
    this.running.add(this.lookout);
  }

  private wake(kind?: string): void {
    for (const [k, set] of this.waiting) if (!kind || k === kind) for (const wake of [...set]) wake();
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

  private spec<K extends keyof R & string>(kind: K): R[K] {
    const spec = this.kinds[kind];
    if (!spec) throw new Error(`Unknown job kind ${kind}.`);
    return spec;
  }

  /** Stops taking work and waits up to `graceMs` for jobs under way; one still running is run again later. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    this.wake();
    this.endNap?.();
    for (const job of this.underWay) job.abort(new Error("The server is stopping."));
    await Promise.race([Promise.all(this.running), new Promise((r) => setTimeout(r, graceMs).unref())]);
    await this.boss.stop({ graceful: false, wait: true, timeout: 1000 });
  }
}

/** A sender that keeps nothing: for benchmarks and tests whose code sends jobs nobody will work. */
export const discardJobs: JobSender = {
  send: async () => null,
  sendMany: async () => {},
  sendKeyed: async () => null,
  cancelKeyed: async () => 0,
  retry: async () => {},
};
