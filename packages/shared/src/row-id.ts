/**
 * A row's id as the database writes it: eight, four, four, four and twelve hex digits (any such
 * text, as Postgres's `uuid` type reads it, not only RFC 9562's versions). Plain text, no zod, for
 * what reads ids before a schema can (the web app's first script, signed tokens that carry an id).
 */
export const ROW_ID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

/** Whether `value` has the shape of a row's id (an event's reference may be its id or its slug). */
export const isRowId = (value: unknown): value is string =>
  typeof value === "string" && new RegExp(`^${ROW_ID_PATTERN}$`).test(value);
