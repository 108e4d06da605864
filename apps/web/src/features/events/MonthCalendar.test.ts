import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { eventsByDay, gridDays } from "./MonthCalendar";
import type { EventSummary } from "./types";

const event = (title: string, event_date: string, end_date: string | null = null) =>
  ({ id: title, slug: title, title, event_date, end_date }) as never as EventSummary;

describe("the month's grid", () => {
  it("draws whole weeks and fills the neighbouring months' days with their events", () => {
    // November 2026 starts on a Sunday and ends on a Monday: the grid runs to Saturday, December 5.
    const days = gridDays(new Date(2026, 10, 15)).map((d) => format(d, "yyyy-MM-dd"));
    expect([days[0], days.at(-1), days.length]).toEqual(["2026-11-01", "2026-12-05", 35]);
    const byDay = eventsByDay(
      [
        event("Advent fair", "2026-12-02", "2026-12-03"),
        event("Carols", "2026-12-05"),
        event("After the grid", "2026-12-06"),
        event("Began in October", "2026-10-30", "2026-11-02"),
      ],
      days[0]!,
      days.at(-1)!,
    );
    expect(Object.fromEntries([...byDay].map(([day, list]) => [day, list.map((e) => e.title)]))).toEqual({
      "2026-11-01": ["Began in October"],
      "2026-11-02": ["Began in October"],
      "2026-12-02": ["Advent fair"],
      "2026-12-03": ["Advent fair"],
      "2026-12-05": ["Carols"],
    });
  });
});
