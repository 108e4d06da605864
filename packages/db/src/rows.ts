/**
 * The rows of `db.execute` on either driver (postgres.js answers an array, PGlite `{ rows }`),
 * each read by `row` (a zod schema, say): raw SQL's rows have whatever types the query gives them.
 */
export function rowsOf<T>(result: unknown, row: { parse(value: unknown): T }): T[] {
  const rows: unknown[] = Array.isArray(result)
    ? result
    : typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)
      ? result.rows
      : [];
  return rows.map((r) => row.parse(r));
}
