import superjson, { type SuperJSONResult } from "superjson";
import { describe, expect, it } from "vitest";
import { serializeAnswer, withoutUndefinedProperties } from "./answer-transformer";
import { testApi } from "./test/api";

// Answers are written in superjson's own format by a faster walk: what goes on the wire (tRPC
// writes it with JSON.stringify) must be what superjson writes (of the answer without its objects'
// undefined properties, which it leaves out), and what superjson reads back must be the answer.

/** What a client receives: the value as JSON.stringify writes it, read back. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const at = new Date("2026-11-27T18:30:00.000Z");
const shared = { a: 1 };

const cases: [string, unknown][] = [
  ["an empty object", {}],
  ["an empty list", []],
  ["plain JSON", { s: "x", n: 1.5, z: 0, t: true, f: false, nil: null, list: [1, "a", null, { b: [] }] }],
  ["a list page of events", { items: [{ id: "1", when: at, draft: undefined, tags: ["a"] }], nextCursor: null }],
  ["dates and undefined in lists", [at, undefined, [new Date(0), undefined]]],
  ["keys with dots and backslashes", { "a.b": { "c\\d": at, "e.": undefined }, "\\.": [at] }],
  ["an object without a prototype", Object.assign(Object.create(null), { when: at })],
  ["deep nesting", { a: { b: { c: { d: { e: [[{ f: at }]] } } } } }],
  ["unicode keys and strings", { née: "Zoë ✓", 日: at }],
  // Left to superjson, which writes them its own way:
  ["NaN", { n: Number.NaN }],
  ["the infinities", { p: Number.POSITIVE_INFINITY, m: [Number.NEGATIVE_INFINITY] }],
  ["minus zero", { z: -0 }],
  ["a bigint", { b: 10n }],
  ["a Map", { m: new Map([["k", at]]) }],
  ["a Set", { s: new Set([1, 2]) }],
  ["a RegExp", { r: /x/g }],
  ["an invalid date", { d: new Date("nope") }],
  ["an object met twice", { first: shared, second: shared }],
  ["a date met twice", { first: at, second: [at] }],
  [
    "a class instance",
    {
      c: new (class Point {
        x = 1;
      })(),
    },
  ],
  ["a sparse list", { l: Object.assign([1], { 2: 3 }) }],
  ["a root date", at],
  ["a root string", "hello"],
  ["a root undefined", undefined],
];

describe("serializeAnswer", () => {
  it.each(cases)("writes %s as superjson does", (_, value) => {
    expect(wire(serializeAnswer(value))).toStrictEqual(wire(superjson.serialize(withoutUndefinedProperties(value))));
  });

  it("leaves out an object's undefined property, and keeps a list's undefined item as superjson does", () => {
    expect(wire(serializeAnswer({ a: undefined, b: [undefined, 1] }))).toStrictEqual({
      json: { b: [null, 1] },
      meta: { values: { "b.0": ["undefined"] }, v: 1 },
    });
  });

  // Neither does superjson read these back through JSON: a class instance comes back a plain
  // object, an invalid date and a sparse list's hole come back null.
  const readBack = cases.filter(([name]) => !/class instance|invalid date|sparse list/.test(name));
  it.each(readBack)("reads back %s as it was", (_, value) => {
    expect(superjson.deserialize(wire(serializeAnswer(value)) as SuperJSONResult)).toEqual(value);
  });

  it("writes no meta when nothing needs it, as superjson", () => {
    expect(wire(serializeAnswer({ a: [1, "b"] }))).toStrictEqual({ json: { a: [1, "b"] } });
  });

  it("refuses the keys superjson refuses", () => {
    const polluted = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(() => serializeAnswer(polluted)).toThrow(/prototype pollution/);
  });
});

describe("the answers of procedures", () => {
  it("are written as superjson writes them", async () => {
    const api = await testApi();
    try {
      const ada = await api.member("ada@transformer.test", { type: "Founding", name: "Ada" });
      const caller = api.callerFor(ada);
      const event = await caller.events.create({ title: "A salon" });
      await caller.comments.create({ commentableId: event.id, content: "Lovely." });
      const answers = [
        await caller.events.list({}),
        await caller.events.get({ id: event.id }),
        await caller.comments.page({ commentableId: event.id }),
        await caller.media.list({}),
        await caller.home.get(),
        await caller.notifications.list({}),
        await caller.auth.me(),
      ];
      for (const answer of answers)
        expect(wire(serializeAnswer(answer))).toStrictEqual(wire(superjson.serialize(answer)));
    } finally {
      await api.close();
    }
  });
});
