import { describe, expect, it } from "vitest";
import { LIVE_STREAMS_PER_MEMBER, LIVE_STREAMS_PER_SESSION, LiveChanges } from "./lib/live";

/** The sessions LiveChanges holds streams for (private: what must not outgrow the streams open). */
const held = (live: LiveChanges) => {
  const lists = live as unknown as { bySession: Map<string, unknown>; byMember: Map<string, unknown> };
  return lists.bySession.size + lists.byMember.size;
};

describe("live streams' places per session", () => {
  it("ends a session's oldest stream of a kind when one more opens, and only that one", async () => {
    const live = new LiveChanges();
    const seats = Array.from({ length: LIVE_STREAMS_PER_SESSION }, () => live.enter("bell", "s1", "m1"));
    const otherSession = live.enter("bell", "s2", "m1");
    const comments = live.enter("comments", "s1", "m1");
    // The oldest is waiting for news when its place is taken: its wait ends at once, with "stop".
    const waiting = live.next(["member:x"], undefined, 60_000, seats[0]);
    expect(seats.map((s) => s.replaced)).toEqual(Array(LIVE_STREAMS_PER_SESSION).fill(false));

    const newest = live.enter("bell", "s1", "m1");
    expect(await waiting).toBe(false);
    expect(seats.map((s) => s.replaced)).toEqual([true, ...Array(LIVE_STREAMS_PER_SESSION - 1).fill(false)]);
    expect([newest, otherSession, comments].map((s) => s.replaced)).toEqual([false, false, false]);
    // And any later wait of it too (it was busy reading when its place was taken).
    expect(await live.next(["member:x"], undefined, 60_000, seats[0])).toBe(false);

    // The one that ended leaves: the places of the others stay theirs; the next new one ends the
    // oldest still open.
    if (seats[0]) live.leave(seats[0]);
    live.enter("bell", "s1", "m1");
    expect(seats.map((s) => s.replaced)).toEqual([true, true, ...Array(LIVE_STREAMS_PER_SESSION - 2).fill(false)]);
  });

  it("holds nothing once every stream has left", () => {
    const live = new LiveChanges();
    const many = Array.from({ length: 3 * LIVE_STREAMS_PER_SESSION }, (_, i) =>
      live.enter(i % 2 ? "bell" : "comments", `s${i % 3}`, `m${i % 2}`),
    );
    expect(held(live)).toBe(6 + 2);
    for (const s of many) live.leave(s);
    // Leaving twice changes nothing.
    if (many[0]) live.leave(many[0]);
    expect(held(live)).toBe(0);
  });
});

describe("live streams' places per member", () => {
  it("ends a member's oldest stream of a kind past her limit, across her sessions", () => {
    const live = new LiveChanges();
    // One stream a session, each sign-in a new session: the per-session limit never bites.
    const seats = Array.from({ length: LIVE_STREAMS_PER_MEMBER }, (_, i) => live.enter("bell", `s${i}`, "m1"));
    const someoneElse = live.enter("bell", "t1", "m2");
    expect(seats.some((s) => s.replaced)).toBe(false);
    live.enter("bell", "s-new", "m1");
    expect(seats.map((s) => s.replaced)).toEqual([true, ...Array(LIVE_STREAMS_PER_MEMBER - 1).fill(false)]);
    expect(someoneElse.replaced).toBe(false);
  });
});

describe("live streams' places on the server", () => {
  it("admits up to the limit, and one more once a place is given back, once", () => {
    const live = new LiveChanges(2);
    const first = live.admit();
    const second = live.admit();
    expect(first && second).toBeTruthy();
    expect(live.admit()).toBeUndefined();
    first?.();
    first?.();
    expect(live.admit()).toBeDefined();
    expect(live.admit()).toBeUndefined();
  });
});
