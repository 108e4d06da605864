import type { SessionUser } from "@club/auth";
import { eventParticipants, events } from "@club/db";
import { eq } from "@club/db/orm";
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayAfter } from "./domain/events/calendar";
import { type TestApi, testApi } from "./test/api";

// The events list a page at a time: from today forward, back through the past, and by days.
let api: TestApi;
let host: SessionUser;
beforeAll(async () => {
  api = await testApi();
  host = await api.member("pager-host@club.test", { type: "Founding" });
});
afterAll(() => api.close());

/** A day counted from today in the club's time zone (the test API's is New York). */
const day = (offset: number) => format(addDays(new TZDate(Date.now(), "America/New_York"), offset), "yyyy-MM-dd");

/** Events straight into the table: [title, day offset, start time, exclusivity, end day offset]. */
async function addEvents(rows: [string, number, string, ("open" | "invite-only")?, number?][]) {
  const made = await api.db
    .insert(events)
    .values(
      rows.map(([title, offset, startTime, exclusivity, endOffset]) => ({
        slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`,
        title,
        description: `About ${title}`,
        eventDate: day(offset),
        endDate: endOffset === undefined ? null : day(endOffset),
        startTime,
        exclusivity: exclusivity ?? "open",
        createdBy: host.id,
      })),
    )
    .returning({ id: events.id, title: events.title });
  return made;
}

type Caller = ReturnType<TestApi["callerFor"]>;
type Input = NonNullable<Parameters<Caller["events"]["list"]>[0]>;

/** Every page from the first, following `nextCursor`: the titles of each page. */
async function forwardPages(caller: Caller, input: Input): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await caller.events.list({ ...input, cursor });
    pages.push(page.items.map((e) => e.title));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

/** The pages before the first, following `previousCursor`, nearest first. */
async function backwardPages(caller: Caller, input: Input): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor = (await caller.events.list(input)).previousCursor ?? undefined;
  while (cursor && pages.length < 50) {
    const page = await caller.events.list({ ...input, cursor });
    pages.push(page.items.map((e) => e.title));
    cursor = page.previousCursor ?? undefined;
  }
  return pages;
}

describe("the upcoming events and the past", () => {
  it("start at today and page both ways without losing or repeating events that share a day and a time", async () => {
    // Three events at each of the same days and times: the pages' edges fall between them.
    const rows: [string, number, string][] = [];
    for (const offset of [-400, -30, -1, 0, 1, 200]) {
      for (const n of [1, 2, 3]) rows.push([`Tide ${offset} ${n}`, offset, "18:00"]);
    }
    rows.push(["Tide 0 early", 0, "08:00"]);
    await addEvents(rows);
    const me = api.callerFor(host);
    const input = { search: "Tide ", upcoming: true, limit: 4 };

    const ahead = await forwardPages(me, input);
    expect(ahead.map((p) => p.length)).toEqual([4, 4, 2]);
    // Today's first (by time), then the days ahead in order; nothing of the past.
    expect(ahead[0]?.[0]).toBe("Tide 0 early");
    expect(ahead.flat().slice(1, 4).sort()).toEqual(["Tide 0 1", "Tide 0 2", "Tide 0 3"]);
    expect(ahead.flat().slice(-3).sort()).toEqual(["Tide 200 1", "Tide 200 2", "Tide 200 3"]);

    const behind = await backwardPages(me, input);
    // The nearest past first; each page in the list's own order (earliest first).
    expect(behind.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(behind[0]?.slice(-3).sort()).toEqual(["Tide -1 1", "Tide -1 2", "Tide -1 3"]);
    expect(behind[2]?.[0]).toMatch(/^Tide -400 /);

    const everything = [...behind.reverse().flat(), ...ahead.flat()];
    expect(everything).toHaveLength(rows.length);
    expect(new Set(everything).size).toBe(rows.length);
    // The same order as the whole list read from its beginning.
    expect(everything).toEqual((await forwardPages(me, { search: "Tide ", limit: 200 })).flat());
  });

  it("lead from a page read backwards to the one after it, so a refetch of the pages starts from the earliest", async () => {
    await addEvents([
      ["Ebb past", -3, "10:00"],
      ["Ebb today", 0, "10:00"],
      ["Ebb soon", 2, "10:00"],
    ]);
    const me = api.callerFor(host);
    const first = await me.events.list({ search: "Ebb ", upcoming: true, limit: 1 });
    expect(first.items.map((e) => e.title)).toEqual(["Ebb today"]);
    const past = await me.events.list({ search: "Ebb ", limit: 1, cursor: first.previousCursor ?? "" });
    expect(past.items.map((e) => e.title)).toEqual(["Ebb past"]);
    expect(past.previousCursor).toBeNull();
    const again = await me.events.list({ search: "Ebb ", limit: 1, cursor: past.nextCursor ?? "" });
    expect(again.items.map((e) => e.title)).toEqual(["Ebb today"]);
  });

  it("say when there is no past, no future, or exactly one page of either", async () => {
    const me = api.callerFor(host);
    await addEvents([
      ["Only ahead 1", 3, "10:00"],
      ["Only ahead 2", 4, "10:00"],
    ]);
    const ahead = await me.events.list({ search: "Only ahead", upcoming: true, limit: 2 });
    expect(ahead.items).toHaveLength(2);
    expect(ahead.nextCursor).toBeNull();
    expect(ahead.previousCursor).toBeNull();

    await addEvents([
      ["Only behind 1", -3, "10:00"],
      ["Only behind 2", -4, "10:00"],
    ]);
    const now = await me.events.list({ search: "Only behind", upcoming: true, limit: 2 });
    expect(now.items).toEqual([]);
    expect(now.nextCursor).toBeNull();
    const past = await me.events.list({ search: "Only behind", limit: 2, cursor: now.previousCursor ?? "" });
    expect(past.items.map((e) => e.title)).toEqual(["Only behind 2", "Only behind 1"]);
    expect(past.previousCursor).toBeNull();

    expect(await me.events.list({ search: "nothing is called this", upcoming: true })).toEqual({
      items: [],
      nextCursor: null,
      previousCursor: null,
    });
  });

  it("latest first runs from the latest event back through the past", async () => {
    await addEvents([
      ["Late 1", -10, "09:00"],
      ["Late 2", -10, "09:00"],
      ["Late 3", 5, "09:00"],
      ["Late 4", 90, "09:00"],
    ]);
    const pages = await forwardPages(api.callerFor(host), { search: "Late ", sort: "desc", upcoming: true, limit: 3 });
    expect(pages.map((p) => p.length)).toEqual([3, 1]);
    expect(pages.flat().slice(0, 2)).toEqual(["Late 4", "Late 3"]);
    expect(pages.flat().slice(2).sort()).toEqual(["Late 1", "Late 2"]);
  });
});

describe("paging with filters", () => {
  it("keeps invite-only events out of every page for a member not invited", async () => {
    const outsider = await api.member("pager-outsider@club.test");
    const guest = await api.member("pager-guest@club.test");
    const rows: [string, number, string, "open" | "invite-only"][] = [];
    for (let i = -6; i <= 6; i++) rows.push([`Veil ${i}`, i, "12:00", i % 2 ? "invite-only" : "open"]);
    const made = await addEvents(rows);
    const secret = made.find((e) => e.title === "Veil 3");
    await api.callerFor(host).events.invite({ eventId: secret?.id ?? "", userIds: [guest.id] });

    const seenBy = async (user: SessionUser) => {
      const caller = api.callerFor(user);
      const input = { search: "Veil ", upcoming: true, limit: 2 };
      return [...(await backwardPages(caller, input)).reverse().flat(), ...(await forwardPages(caller, input)).flat()];
    };
    expect(await seenBy(outsider)).toEqual(["Veil -6", "Veil -4", "Veil -2", "Veil 0", "Veil 2", "Veil 4", "Veil 6"]);
    expect(await seenBy(guest)).toEqual([
      "Veil -6",
      "Veil -4",
      "Veil -2",
      "Veil 0",
      "Veil 2",
      "Veil 3",
      "Veil 4",
      "Veil 6",
    ]);
    expect(await seenBy(host)).toHaveLength(rows.length);
  });

  it("pages her own events (joined) with the search", async () => {
    const me = await api.member("pager-joiner@club.test");
    const made = await addEvents(
      Array.from({ length: 7 }, (_, i) => [`Knot ${i}`, i - 3, "19:00"] as [string, number, string]),
    );
    // She was at the past ones (their guest lists filled in by the database: nobody joins them now).
    await api.db
      .insert(eventParticipants)
      .values(made.filter((_, i) => i % 2 === 0).map((e) => ({ eventId: e.id, userId: me.id })));
    const caller = api.callerFor(me);
    const input = { search: "Knot", mine: "joined" as const, upcoming: true, limit: 1 };
    expect((await backwardPages(caller, input)).flat()).toEqual(["Knot 2", "Knot 0"]);
    expect((await forwardPages(caller, input)).flat()).toEqual(["Knot 4", "Knot 6"]);
  });

  it("keeps the events on a range of days, with one that began before it", async () => {
    await addEvents([
      ["Span before", 40, "10:00"],
      ["Span inside", 45, "10:00"],
      ["Span last day", 50, "23:00"],
      ["Span after", 51, "10:00"],
      ["Span long", 38, "10:00", "open", 42],
    ]);
    const me = api.callerFor(host);
    const pages = await forwardPages(me, { search: "Span ", from: day(41), to: day(50), limit: 2 });
    expect(pages.flat()).toEqual(["Span long", "Span inside", "Span last day"]);
  });
});

describe("refusals", () => {
  it("answers a cursor it did not make, or days the wrong way round, with a 400", async () => {
    const me = api.callerFor(host);
    const forged = Buffer.from(JSON.stringify(["n", "2026-02-30", "10:00", crypto.randomUUID()])).toString("base64url");
    for (const cursor of ["bogus", forged, Buffer.from("[1,2]").toString("base64url")]) {
      await expect(me.events.list({ cursor })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "These events have changed. Please reload them.",
      });
    }
    await expect(me.events.list({ from: "2027-02-01", to: "2027-01-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("The last day must be on or after the first day."),
    });
    await expect(me.events.list({ limit: 201 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(me.events.list({ from: "2027-02-30" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("when a list changes by itself", () => {
  it("a day's end is the next day's midnight in the club's zone, across a month's end and a change of clocks", () => {
    expect(dayAfter("2026-11-30", "America/New_York").toISOString()).toBe("2026-12-01T05:00:00.000Z");
    // New York moves its clocks forward at 2:00 on 14 March 2027: that midnight is still EST.
    expect(dayAfter("2027-03-13", "America/New_York").toISOString()).toBe("2027-03-14T05:00:00.000Z");
    expect(dayAfter("2027-03-14", "America/New_York").toISOString()).toBe("2027-03-15T04:00:00.000Z");
    expect(dayAfter("2026-12-31", "Europe/Paris").toISOString()).toBe("2026-12-31T23:00:00.000Z");
  });

  /** The instants a call said its answer changes at, with nothing written (ApiContext's answerChangesAt). */
  async function saidBy(call: (caller: Caller) => Promise<unknown>): Promise<number[]> {
    const said: number[] = [];
    await call(api.callerFor(host, { answerChangesAt: (at) => said.push(at.getTime()) }));
    return said;
  }
  /** Where the club's next day begins (New York), from its date. */
  const tomorrow = () => {
    const [y, m, d] = day(1).split("-").map(Number) as [number, number, number];
    return new TZDate(y, m - 1, d, "America/New_York").getTime();
  };

  it("the upcoming list at the club's midnight, a card or a page with an RSVP deadline when it passes", async () => {
    const [supper] = await addEvents([["Deadline Supper", 3, "19:00"]]);
    const deadline = new Date(Date.now() + 3_600_000);
    await api.db.update(events).set({ capacity: 12, rsvpDeadline: deadline }).where(eq(events.id, supper!.id));
    const upcoming = await saidBy((c) => c.events.list({ upcoming: true, limit: 200 }));
    expect(upcoming).toContain(tomorrow());
    expect(upcoming).toContain(deadline.getTime());
    // Its page changes when the deadline passes, and when the event ends (it says it has ended).
    const [y, m, d] = day(3).split("-").map(Number) as [number, number, number];
    const ends = new TZDate(y, m - 1, d, 21, 0, "America/New_York").getTime();
    expect(await saidBy((c) => c.events.get({ id: supper!.id }))).toEqual([ends, deadline.getTime()]);
    // A range of days starts where it says, whatever the day: only the deadline on its card.
    expect(await saidBy((c) => c.events.list({ from: day(2), to: day(4) }))).toEqual([deadline.getTime()]);
    // Once the deadline has passed, nothing more changes by itself.
    await api.db
      .update(events)
      .set({ rsvpDeadline: new Date(Date.now() - 1000) })
      .where(eq(events.id, supper!.id));
    expect(await saidBy((c) => c.events.get({ id: supper!.id }))).toEqual([ends]);
    expect(await saidBy((c) => c.events.list({ from: day(2), to: day(4) }))).toEqual([]);
  });
});
