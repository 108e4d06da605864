import { describe, expect, it } from "vitest";
import { groupByDay } from "./group-by-day";

describe("groupByDay", () => {
  it("groups by upload day, newest first", () => {
    const items = [
      { id: "a", upload_date: new Date(2026, 2, 1, 9) },
      { id: "b", upload_date: new Date(2026, 2, 3, 10) },
      { id: "c", upload_date: new Date(2026, 2, 1, 8) },
    ];
    const groups = groupByDay(items);
    expect(groups.map((g) => g.heading)).toEqual(["Tuesday, March 3, 2026", "Sunday, March 1, 2026"]);
    expect(groups[1]!.items.map((i) => i.id)).toEqual(["a", "c"]);
  });
});
