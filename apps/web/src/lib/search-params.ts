import { isRowId } from "@club/shared/row-id";

/**
 * A page's search parameters, read without a schema library: route definitions are in the first
 * script every page loads, and zod there would cost every visitor its weight before the first tap.
 * Each reader keeps a valid value and drops anything else (a link edited by hand opens the page
 * with that parameter unset, never an error).
 */
export type Reader<T> = (value: unknown) => T | undefined;

/** Text up to `max` characters. */
export const text =
  (max: number): Reader<string> =>
  (value) =>
    typeof value === "string" && value.length <= max ? value : undefined;

/** One of the given words. */
export const oneOf =
  <const T extends string>(values: readonly T[]): Reader<T> =>
  (value) =>
    values.find((v) => v === value);

/** A whole number from `min`. */
export const wholeFrom =
  (min: number): Reader<number> =>
  (value) =>
    typeof value === "number" && Number.isInteger(value) && value >= min ? value : undefined;

/** Text that matches `pattern` in full. */
export const matching =
  (pattern: RegExp): Reader<string> =>
  (value) =>
    typeof value === "string" && pattern.test(value) ? value : undefined;

/** A row's id (a member, a message): @club/shared's own pattern, without zod in the first script. */
export const rowIdParam: Reader<string> = (value) => (isRowId(value) ? value : undefined);

type Parsed<S extends Record<string, Reader<unknown>>> = { [K in keyof S]?: S[K] extends Reader<infer T> ? T : never };

/**
 * A route's `validateSearch`: each parameter through its reader. Every known parameter is set, an
 * invalid one to undefined: the router lays this over the address's own values, and a key left out
 * would let the raw value through.
 */
export function searchParams<S extends Record<string, Reader<unknown>>>(readers: S) {
  return (raw: Record<string, unknown>): Parsed<S> => {
    const parsed: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(readers)) parsed[key] = read(raw[key]);
    // Each key was read by its own reader above, which is what Parsed<S> says of it.
    return parsed as Parsed<S>;
  };
}
