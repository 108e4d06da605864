import { z } from "./zod";

export { isRowId, ROW_ID_PATTERN } from "./row-id";

/**
 * A row's id as the database writes it, as a schema (zod's GUID: the shape `ROW_ID_PATTERN` names):
 * a reference is told apart from a slug by its shape, and a cursor carries an id back.
 */
export const rowId = z.guid();
