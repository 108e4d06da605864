// Values that break servers, and how a valid request is spoiled with them: the fuzz test's
// generators (fast-check), kept apart from the routes and procedures it sends them to.
import fc from "fast-check";

/**
 * Text that has broken servers: NUL, lone surrogates, huge, numeric-looking, letters that change
 * length or turn ASCII when their case changes, path tricks, impossible dates.
 */
export const nasty = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x".repeat(300_000),
    "",
    " ",
    "%00",
    "%E0%A4%A",
    "..%2F..%2Fetc%2Fpasswd",
    "../../etc/passwd",
    "1e309",
    "-0",
    "NaN",
    "\u212a",
    "\u0130stanbul",
    "stra\u00dfe",
    "\ufb03",
    "2026-02-30",
    "2027-13-01",
    "2027-01-02T25:00",
    "24:00",
    "99:99",
    "0000-01-01",
    "275760-09-13",
    "__proto__",
    "constructor",
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ maxLength: 60 }),
);
const hostile = fc.oneof(
  nasty,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(-1, 0, 0.5, 2 ** 53, -(2 ** 31) - 1, 1e308, true, false, null, [], {}, ["\u0000"], [null]),
  fc.array(fc.oneof(fc.uuid(), nasty), { maxLength: 4 }),
);

/** A URL-encoded segment; raw escapes (`%00`, a cut-off `%E0`) are kept as they are. */
export const pathSegment = (text: string) =>
  text.startsWith("%") ? text : encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd"));
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Every place in a value one could spoil: the value itself, and each field and item, however deep. */
function placesIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const places = [at];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) places.push(...placesIn(v, [...at, i]));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) places.push(...placesIn(v, [...at, k]));
    places.push([...at, "unexpected"]);
  }
  return places;
}

function replaced(value: unknown, at: (string | number)[], by: unknown): unknown {
  if (at.length === 0) return by;
  const [head, ...rest] = at;
  const base = (Array.isArray(value) ? [...value] : value && typeof value === "object" ? { ...value } : {}) as Record<
    string | number,
    unknown
  >;
  base[head!] = replaced(base[head!], rest, by);
  return base;
}

const pad = (n: number) => String(n).padStart(2, "0");
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
const TIME_LIKE = /^\d{2}:\d{2}$/;
/**
 * A date or a time, often at or past an edge: months 0 and 13, February and 30-day months, days
 * 0 and 29–32 (so 2026-02-30 and 2027-04-31 as well as 2028-02-29); hours to 25, minutes to 61.
 */
const edgeOr = (edges: number[], min: number, max: number) =>
  fc.oneof(fc.constantFrom(...edges), fc.integer({ min, max }));
const dateShaped = fc
  .tuple(
    edgeOr([2026, 2027, 2028, 2100], 1999, 2100),
    edgeOr([0, 2, 4, 12, 13], 1, 12),
    edgeOr([0, 29, 30, 31, 32], 1, 28),
  )
  .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`);
const timeShaped = fc
  .tuple(edgeOr([0, 23, 24, 25], 0, 23), edgeOr([0, 59, 60, 61], 0, 59))
  .map(([hour, minute]) => `${pad(hour)}:${pad(minute)}`);

function valueAt(value: unknown, at: (string | number)[]): unknown {
  return at.reduce<unknown>(
    (v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
    value,
  );
}

/** How a valid value is spoiled: in one place, by dropping fields, or replaced by anything at all. */
export const spoiling = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: "valid" as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("one" as const),
      place: fc.nat(),
      value: hostile,
      /** Half the time a date or time (when there is one) is spoiled as one: impossible days, months, hours. */
      shaped: fc.boolean(),
      date: dateShaped,
      time: timeShaped,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), mask: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("any" as const), value: fc.jsonValue({ maxDepth: 4 }) }) },
);
export type Spoiling = typeof spoiling extends fc.Arbitrary<infer T> ? T : never;

export function spoil(valid: unknown, how: Spoiling): unknown {
  switch (how.kind) {
    case "valid":
      return valid;
    case "one": {
      const all = placesIn(valid);
      const shaped = all.filter((at) => {
        const was = valueAt(valid, at);
        return typeof was === "string" && (DATE_LIKE.test(was) || TIME_LIKE.test(was));
      });
      const places = how.shaped && shaped.length > 0 ? shaped : all;
      const place = places[how.place % places.length]!;
      const was = valueAt(valid, place);
      const value = !how.shaped
        ? how.value
        : typeof was === "string" && DATE_LIKE.test(was)
          ? was.length > 10
            ? `${how.date}T${how.time}`
            : how.date
          : typeof was === "string" && TIME_LIKE.test(was)
            ? how.time
            : how.value;
      return replaced(valid, place, value);
    }
    case "drop":
      return valid && typeof valid === "object" && !Array.isArray(valid)
        ? Object.fromEntries(Object.entries(valid).filter((_, i) => (how.mask >> i) & 1))
        : undefined;
    case "any":
      return how.value;
  }
}
