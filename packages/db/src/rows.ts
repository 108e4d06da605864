/** The rows of `db.execute` on either driver (postgres.js answers an array, PGlite `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
