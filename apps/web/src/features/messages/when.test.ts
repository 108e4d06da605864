import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setDisplayZone } from "../../lib/time-zone";
import { startsRun } from "./MessageItem";
import { type Message, type MessagesPage, messagesOf } from "./pages";
import { byDay, dayHeading, listMoment } from "./when";

const ana = { id: "a", name: "Ana", portrait: null };
const bea = { id: "b", name: "Bea", portrait: null };

function message(id: string, at: string, author: typeof ana | null = ana, mine = false): Message {
  return { id, conversation_id: "c", author, mine, text: id, photo: null, created_at: new Date(at) };
}

const page = (ids: string[], older: string | null): MessagesPage => ({
  items: ids.map((id, i) => message(id, `2026-11-24T10:0${i}:00Z`)),
  older,
});

describe("moments of Messages", () => {
  // Auckland: 10:00 UTC on the 24th is 23:00 there, and 11:00 UTC is already the 25th.
  beforeEach(() => setDisplayZone("Pacific/Auckland"));
  afterEach(() => setDisplayZone(undefined));

  it("says the time today, the day this year, the year before that, in the display zone", () => {
    expect(listMoment(new Date("2026-11-24T10:05:00Z"), "2026-11-24")).toBe("11:05 PM");
    expect(listMoment(new Date("2026-11-24T11:05:00Z"), "2026-11-24")).toBe("Nov 25");
    expect(listMoment(new Date("2026-02-01T00:00:00Z"), "2026-11-24")).toBe("Feb 1");
    expect(listMoment(new Date("2025-12-30T00:00:00Z"), "2026-11-24")).toBe("Dec 30, 2025");
  });

  it("heads a day as today, yesterday, or its date", () => {
    expect(dayHeading("2026-11-24", "2026-11-24")).toBe("Today");
    expect(dayHeading("2026-11-23", "2026-11-24")).toBe("Yesterday");
    expect(dayHeading("2026-02-28", "2026-03-01")).toBe("Yesterday");
    expect(dayHeading("2026-11-20", "2026-11-24")).toBe("Friday, November 20, 2026");
  });

  it("cuts the messages into days where the display zone's day changes", () => {
    const days = byDay([
      message("1", "2026-11-24T09:00:00Z"),
      message("2", "2026-11-24T10:59:00Z"),
      message("3", "2026-11-24T11:00:00Z"),
    ]);
    expect(days.map((d) => [d.day, d.items.map((m) => m.id)])).toEqual([
      ["2026-11-24", ["1", "2"]],
      ["2026-11-25", ["3"]],
    ]);
  });
});

describe("a conversation's pages", () => {
  it("shows the pages oldest first (each page is oldest first, the newest page first), each message once", () => {
    expect(
      messagesOf([page(["5", "6"], "x"), page(["3", "4"], "y"), page(["1", "2", "3"], null)]).map((m) => m.id),
    ).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it("starts a run at a new author, her own messages, or after ten minutes", () => {
    const first = message("1", "2026-11-24T10:00:00Z");
    expect(startsRun(undefined, first)).toBe(true);
    expect(startsRun(first, message("2", "2026-11-24T10:09:00Z"))).toBe(false);
    expect(startsRun(first, message("2", "2026-11-24T10:10:01Z"))).toBe(true);
    expect(startsRun(first, message("2", "2026-11-24T10:01:00Z", bea))).toBe(true);
    expect(startsRun(first, message("2", "2026-11-24T10:01:00Z", null))).toBe(true);
    expect(startsRun(message("1", "2026-11-24T10:00:00Z", null), message("2", "2026-11-24T10:01:00Z", null))).toBe(
      false,
    );
  });
});
