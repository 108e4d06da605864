import { type Queryable, rowsOf } from "@club/db";
import { type SQL, sql } from "@club/db/orm";
import type { PGlite } from "@electric-sql/pglite";
import type PgBoss from "pg-boss";
import { z } from "zod";

/**
 * What pg-boss runs its statements through. A script of several statements answers every
 * statement's rows, as node-postgres does (pg-boss's own `Db` type leaves that out).
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
}

/**
 * The embedded database's own client: statements with parameters as prepared statements; a script
 * without parameters (pg-boss's schema and maintenance run several statements at once) through the
 * simple protocol, returning every statement's rows.
 *
 * A script that fails between its own BEGIN and COMMIT leaves its transaction open and aborted
 * (pg-boss's migration fails so on purpose, with a division by zero, when the schema is already
 * current). The embedded database has one session, shared with the rest of the club: until that
 * transaction ends, every query fails with "current transaction is aborted". So it is rolled back
 * here, and the script's own error is what the caller sees. (A query already waiting for the
 * client at that moment may still run before the rollback and fail once; it no longer lasts.)
 *
 * On Postgres pg-boss uses its own pool, which closes a connection whose query failed rather than
 * reusing it, so the same script cannot wedge it (see executors.test.ts).
 */
export function pgliteExecutor(client: Pick<PGlite, "query" | "exec" | "isInTransaction">): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      if (values.length > 0) return { rows: (await client.query(text, values)).rows };
      let results: Awaited<ReturnType<PGlite["exec"]>>;
      try {
        results = await client.exec(text);
      } catch (err) {
        if (client.isInTransaction()) {
          try {
            await client.exec("ROLLBACK");
          } catch {
            // The script's error is the one that matters; a failed rollback would show on the next query.
          }
        }
        throw err;
      }
      const [only, ...others] = results;
      return only && others.length === 0 ? { rows: only.rows } : results.map((r) => ({ rows: r.rows }));
    },
  };
}

/** As node-postgres sends them: JSON for objects (job data), null for nothing. */
function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value && typeof value === "object" && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return JSON.stringify(value);
  }
  return value;
}

/** A Drizzle database or transaction: a job sent through it commits or rolls back with that transaction. */
export function drizzleExecutor(db: Queryable): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      // pg-boss numbers its parameters $1, $2… and uses some twice; Drizzle numbers its own in the
      // order they appear. Each parameter becomes a Drizzle parameter where it first appears (so
      // numbered as Drizzle will) and a later use names that same number: one parameter, one type,
      // as pg-boss wrote it. (Undefined goes as null: Drizzle leaves an undefined value out.)
      const parts = text.split(/\$(\d+)/);
      const renumbered = new Map<string, number>();
      const chunks: SQL[] = parts.map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        const seen = renumbered.get(part);
        if (seen !== undefined) return sql.raw(`$${seen}`);
        renumbered.set(part, renumbered.size + 1);
        return sql`${parameter(values[Number(part) - 1])}`;
      });
      return { rows: rowsOf(await db.execute(sql.join(chunks)), z.unknown()) };
    },
  };
}
