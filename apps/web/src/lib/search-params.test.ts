import { describe, expect, it } from "vitest";
import { matching, oneOf, searchParams, text, wholeFrom } from "./search-params";

describe("searchParams", () => {
  const read = searchParams({
    q: text(5),
    sort: oneOf(["asc", "desc"]),
    page: wholeFrom(1),
    month: matching(/^\d{4}-\d{2}$/),
  });

  it("keeps valid values", () => {
    expect(read({ q: "tea", sort: "desc", page: 2, month: "2026-11" })).toEqual({
      q: "tea",
      sort: "desc",
      page: 2,
      month: "2026-11",
    });
  });

  it("drops invalid values and unknown parameters instead of failing", () => {
    expect(read({ q: "far too long", sort: "sideways", page: 0.5, month: "2026-11-01", other: "x" })).toEqual({});
    expect(read({ q: 3, sort: ["asc"], page: "2", month: null })).toEqual({});
    expect(read({ page: 0 })).toEqual({});
  });

  it("sets an invalid parameter to undefined, so it replaces the raw value the router lays it over", () => {
    const raw = { q: "far too long", month: "2026-13-01", page: 3 };
    expect({ ...raw, ...read(raw) }).toStrictEqual({ q: undefined, sort: undefined, page: 3, month: undefined });
  });
});
