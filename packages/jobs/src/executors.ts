import type { Queryable } from "@club/db";
import { type SQL, sql } from "@club/db/orm";
import type { PGlite } from "@electric-sql/pglite";

/** What pg-boss runs its statements through. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
}

/**
 * The embedded database's own client: statements with parameters as prepared statements; a script
 * without parameters (pg-boss's schema and maintenance run several statements at once) through the
 * simple protocol, returning every statement's rows.
 */
export function pgliteExecutor(client: Pick<PGlite, "query" | "exec">): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      if (values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return results.length === 1 ? { rows: results[0]!.rows } : results.map((r) => ({ rows: r.rows }));
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
export function drizzleExecutor(db: Queryable): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      // pg-boss numbers its parameters $1, $2…; Drizzle numbers its own, so each becomes a Drizzle
      // parameter (undefined as null: Drizzle leaves an undefined value out of the statement).
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 1 ? sql`${parameter(values[Number(part) - 1])}` : sql.raw(part),
      );
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows?: unknown[] } | unknown[];
      return { rows: Array.isArray(result) ? result : (result.rows ?? []) };
    },
  };
}
