import { z } from "./zod";

/**
 * A row's id as the database writes it (eight, four, four, four and twelve hex digits). Any such
 * text, as Postgres's `uuid` type reads it, not only RFC 9562's versions: a reference is told apart
 * from a slug by its shape, and a cursor carries an id back.
 */
export const rowId = z.guid();

/** Whether `value` has the shape of a row's id (an event's reference may be its id or its slug). */
export const isRowId = (value: unknown): value is string => rowId.safeParse(value).success;
