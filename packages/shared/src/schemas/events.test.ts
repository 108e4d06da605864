import { describe, expect, it } from "vitest";
import { eventInput, normalizeEvent } from "./events";

const dateOf = (form: Record<string, unknown>, today: string, timeNow?: string) => {
  const normal = normalizeEvent(eventInput.parse(form), today, timeNow);
  if ("error" in normal) throw new Error(normal.error);
  return normal.eventDate;
};

describe("an event's default date", () => {
  it("is today until today's event would be over, then tomorrow", () => {
    // The default hours are 16:00 to 21:00: an event made at 22:00 for "today" would be born over.
    expect(dateOf({}, "2026-12-05", "09:00")).toBe("2026-12-05");
    expect(dateOf({}, "2026-12-05", "20:59")).toBe("2026-12-05");
    expect(dateOf({}, "2026-12-05", "21:00")).toBe("2026-12-06");
    expect(dateOf({}, "2026-12-31", "23:30")).toBe("2027-01-01");
    // Its own end time counts, and a date given is kept whatever the hour.
    expect(dateOf({ start_time: "22:00", end_time: "23:45" }, "2026-12-05", "23:00")).toBe("2026-12-05");
    expect(dateOf({ event_date: "2026-12-05" }, "2026-12-05", "23:00")).toBe("2026-12-05");
    // Without the hour (comparing a seed file's fields), today.
    expect(dateOf({}, "2026-12-05")).toBe("2026-12-05");
  });
});
