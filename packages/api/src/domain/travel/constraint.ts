/**
 * Whether a database error (or the error it was wrapped in: Drizzle wraps the driver's) is a
 * violation of the named constraint. Both drivers give Postgres's SQLSTATE as `code`; postgres.js
 * names the constraint `constraint_name`, PGlite `constraint`.
 */
export function violates(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const fields = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === "23P01" || fields.code === "23505") {
      if (fields.constraint_name === constraint || fields.constraint === constraint) return true;
    }
    e = fields.cause;
  }
  return false;
}
