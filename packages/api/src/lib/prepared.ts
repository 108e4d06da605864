import type { Queryable } from "@club/db";

/**
 * Drizzle builds a query's SQL text by walking its tree at every call: for the gallery's
 * visibility condition that walk cost more than the query itself (an empty list took five times a
 * session look-up). A list's query is built once per database handle and shape (which optional
 * filters it has), with placeholders for the values, and then only executed.
 */
const built = new WeakMap<Queryable, Map<string, unknown>>();

export function preparedOnce<T>(db: Queryable, shape: string, build: () => T): T {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  // The map's values are the `build` results of their own shape key; the key names the builder.
  let query = queries.get(shape) as T | undefined;
  if (query === undefined) {
    query = build();
    queries.set(shape, query);
  }
  return query;
}
