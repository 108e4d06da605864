import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { acquireLock } from "./lock";
import { pgliteWasmModule } from "./pglite-module";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or an open transaction: what code that may run inside a transaction takes. */
export type Queryable = Db | Tx;

export interface DbConfig {
  /** Postgres connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /** Named in the lock so a second process can tell who holds the embedded database. */
  processName?: string;
  /** A migrated PGlite data dump to start from (tests copy one template instead of migrating each time). */
  loadDataDir?: Blob | undefined;
  /** Connections to Postgres at most; absent: `defaultPoolSize()`. */
  maxConnections?: number | undefined;
  /** Told every query sent to Postgres, with its parameters (the EXPLAIN benchmark records them). */
  onQuery?: (query: string, params: unknown[]) => void;
}

/**
 * What a component with its own connection needs (the job queue): Postgres's URL, or the embedded
 * database's client, which only one process may open.
 */
export type RawConnection = { kind: "postgres"; url: string } | { kind: "pglite"; client: PGlite };

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  raw: RawConnection;
  migrate(): Promise<void>;
  /** Checks the database answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Migrations live beside the source in the repo, and beside the bundle in a build. */
export function migrationsFolder(): string {
  const candidates = [
    fileURLToPath(new URL("./migrations", import.meta.url)),
    fileURLToPath(new URL("../migrations", import.meta.url)),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(", ")}).`);
  return found;
}

/**
 * Connections to Postgres when none is configured: twice the cores, at least 4 (Postgres's own
 * rule of thumb, for a database on the same host; set DATABASE_POOL_SIZE when it is elsewhere).
 * Fewer connections each take several of a server's statements at once, sent in one write and
 * answered by one backend: under the realistic mix on two cores, 4 served 11–23% more requests than
 * 10, with a lower p99 (docs/decisions/fewer-connections-to-postgres.md).
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

export async function createDb(config: DbConfig): Promise<DbHandle> {
  if (config.databaseUrl)
    return createPostgres(config.databaseUrl, config.maxConnections ?? defaultPoolSize(), config.onQuery);
  return createPglite(config);
}

/**
 * Drizzle runs its queries as unnamed statements: each costs two round trips (parse, then bind and
 * execute) and a new plan. Asked to prepare them, postgres.js names each distinct query text once
 * per connection and then sends only bind and execute (measured: 0.83 → 0.46 ms for a one-row
 * select here). Query texts are few (parameters are never inlined), and a connection's statements
 * go with it when postgres.js recycles it.
 *
 * A transaction's statements go through the `sql` postgres.js hands its callback (and a savepoint's
 * through the one it hands its own), not through this one, so those are wrapped too: unwrapped, every
 * statement of a write with parameters cost two round trips (a comment's four took eight), and none
 * could be pipelined while its describe was pending.
 */
function preparingEveryQuery(sql: postgres.Sql, ended?: () => boolean): postgres.Sql {
  const unsafe = sql.unsafe.bind(sql);
  /**
   * `begin(fn)`, `begin(options, fn)`, `savepoint(fn)`, `savepoint(name, fn)`: `fn` gets a wrapped
   * `sql`, which refuses statements once `fn` has settled (see `TransactionEndedError`).
   */
  const scoped =
    (open: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const fn = args.pop() as (inner: postgres.Sql) => unknown;
      return open(...args, (inner: postgres.Sql) => settling((ended) => fn(preparingEveryQuery(inner, ended))));
    };
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (...[query, params, options]: Parameters<typeof unsafe>) => {
          if (ended?.()) throw new TransactionEndedError();
          return unsafe(query, params, { ...options, prepare: true });
        };
      }
      if (key === "begin" || key === "savepoint") {
        const open = Reflect.get(target, key, receiver) as ((...args: unknown[]) => unknown) | undefined;
        return open ? scoped(open.bind(target)) : open;
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/** The advisory lock instances take while they change one Postgres database's schema (any fixed number, ours alone). */
export const SCHEMA_LOCK_KEY = 4_127_305_561;

/**
 * Runs `change` holding a session-level advisory lock on a connection of its own: instances
 * started at once on one database change its schema (migrations, the job queue's queues) one after
 * the other, the later ones finding nothing left to do, instead of racing to create the same types
 * and tables. The lock goes with its connection, so a process that dies meanwhile lets the next in.
 */
export async function withSchemaLock<T>(url: string, change: () => Promise<T>): Promise<T> {
  // Its own connection, never recycled while it holds the lock (postgres.js closes an idle one
  // after max_lifetime, and this one idles while the migrations run on the pool).
  const lock = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5, idle_timeout: 0, max_lifetime: null });
  try {
    await lock`select pg_advisory_lock(${SCHEMA_LOCK_KEY}::bigint)`;
    try {
      return await change();
    } finally {
      // The lock's connection ends just below, and Postgres lets go of a session's locks with it.
      await lock`select pg_advisory_unlock(${SCHEMA_LOCK_KEY}::bigint)`.catch(() => {});
    }
  } finally {
    await lock.end({ timeout: 5 });
  }
}

async function createPostgres(url: string, max: number, onQuery?: DbConfig["onQuery"]): Promise<DbHandle> {
  const sql = postgres(url, {
    max,
    ...(onQuery ? { debug: (_connection: number, query: string, params: unknown[]) => onQuery(query, params) } : {}),
    onnotice: () => {},
    // While the database is down, requests fail within a few seconds (the API answers 503) instead
    // of waiting 30; and postgres.js's default backoff grows to 20 s between reconnection attempts,
    // which kept requests waiting 6–11 s after the database was back. Retry within a second instead.
    connect_timeout: 5,
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
    // JIT compilation pays off for long analytical queries, not for ours: the events list's
    // estimated cost (its per-event subqueries, most never run) crossed jit_above_cost at 2,000
    // events and Postgres spent 320 ms compiling a query that runs in 30. Off for our sessions.
    connection: { jit: "off" },
  });
  const driver = drizzlePostgres(preparingEveryQuery(sql), { schema });
  return {
    db: driver,
    kind: "postgres",
    raw: { kind: "postgres", url },
    migrate: () => withSchemaLock(url, () => migratePostgres(driver, { migrationsFolder: migrationsFolder() })),
    ping: async () => {
      await sql`select 1`;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

async function createPglite(config: DbConfig): Promise<DbHandle> {
  const release = config.pgliteDir ? acquireLock(`${config.pgliteDir}.lock`, config.processName ?? "club") : () => {};
  let client: PGlite;
  try {
    client = await openPglite(config);
  } catch (err) {
    release();
    throw err;
  }
  return pgliteHandle(client, async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  });
}

/** The embedded database's own client: in `pgliteDir` or in memory, started from `loadDataDir` when given. */
export async function openPglite(config: Pick<DbConfig, "pgliteDir" | "loadDataDir">): Promise<PGlite> {
  const wasmModule = await pgliteWasmModule();
  return PGlite.create(config.pgliteDir ?? "memory://", {
    // pg_trgm for "contains" searches; btree_gist for Travel's no-double-booking constraint (0037).
    extensions: { pg_trgm, btree_gist },
    // A smaller buffer cache than PGlite's own (see pglite-module.ts).
    ...(wasmModule ? { wasmModule } : {}),
    ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
  });
}

/**
 * A statement sent on a transaction's handle after the transaction's callback has settled. A write
 * sends statements that need nothing from each other at once (`Promise.all`); when one fails, the
 * callback throws and the transaction rolls back, while another of them may still be on its way
 * to its next statement. That statement must fail: sent anyway, it would run after the rollback,
 * outside any transaction (on Postgres, on a connection back in the pool; on the embedded
 * database, in whatever runs next), and a half-done write would be committed.
 */
export class TransactionEndedError extends Error {
  constructor() {
    super("This transaction has ended: a statement sent after it is refused, not run outside it.");
    this.name = "TransactionEndedError";
  }
}

/** Runs a transaction's callback, telling its handle whether the callback has settled. */
async function settling<T>(run: (ended: () => boolean) => T | Promise<T>): Promise<T> {
  let done = false;
  try {
    return await run(() => done);
  } finally {
    done = true;
  }
}

/** The embedded database's client for Drizzle: its transactions' handles refuse statements once ended. */
function endingTransactions(client: PGlite): PGlite {
  const transaction: PGlite["transaction"] = (callback) =>
    client.transaction((tx) =>
      settling((ended) =>
        callback(
          new Proxy(tx, {
            get(target, key, receiver) {
              const value = Reflect.get(target, key, receiver);
              if (typeof value !== "function" || !(key === "query" || key === "exec" || key === "sql")) return value;
              return (...args: unknown[]) => {
                if (ended()) throw new TransactionEndedError();
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              };
            },
          }),
        ),
      ),
    );
  return new Proxy(client, {
    get(target, key) {
      if (key === "transaction") return transaction;
      // PGlite keeps its state in private fields: its methods run on the client itself.
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A handle on an open embedded database; `close` is what closing the handle does (tests lend one client out). */
export function pgliteHandle(client: PGlite, close: () => Promise<void>): DbHandle {
  const driver = drizzlePglite(endingTransactions(client), { schema });
  return {
    db: driver,
    kind: "pglite",
    raw: { kind: "pglite", client },
    migrate: () => migratePglite(driver, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query("select 1");
    },
    close,
  };
}
