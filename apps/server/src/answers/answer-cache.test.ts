import { hiddenClassesOf, madeAfterWarmUp } from "@club/db/testing";
import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache";
import { brotli } from "./encodings";

const answer = (body: string, tables: string[] = ["events"], changesAt = Number.POSITIVE_INFINITY) => ({
  body,
  contentType: "application/json",
  link: undefined,
  tables,
  changesAt,
});
const sight = (events: string[], changesAt = Number.POSITIVE_INFINITY) => ({ sight: events, changesAt });

function listeningCache() {
  const cache = new AnswerCache({ ttlMs: 60_000 });
  cache.listening();
  return cache;
}

describe("AnswerCache", () => {
  it("keeps its answers in one hidden class (every lookup reads them)", async () => {
    const cache = listeningCache();
    let n = 0;
    const kept = await madeAfterWarmUp(10, () => cache.set(`k${++n}`, "v", answer(`[${n}]`), cache.mark())!);
    expect(hiddenClassesOf(kept)).toBe(1);
  });

  it("keeps nothing until it listens to changes, and forgets everything when it stops", () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    expect(cache.set("k", "v", answer("[]"), cache.mark())).toBeUndefined();
    expect(cache.get("k")).toBeUndefined();
    cache.listening();
    cache.set("k", "v", answer("[]"), cache.mark());
    expect(cache.get("k")?.body).toBe("[]");
    cache.deaf();
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", "v", answer("[]"), cache.mark());
    expect(cache.get("k")).toBeUndefined();
  });

  it("forgets the answers made from a table that changed, and only those", () => {
    const cache = listeningCache();
    cache.set("events", "v", answer("[1]", ["events", "users"]), cache.mark());
    cache.set("comments", "v", answer("[2]", ["comments", "comment_likes", "users"]), cache.mark());
    cache.changed("comment_likes");
    expect([cache.get("events")?.body, cache.get("comments")]).toEqual(["[1]", undefined]);
    // Kept again after the change, it stays until its tables change again.
    cache.set("comments", "v", answer("[3]", ["comments", "comment_likes", "users"]), cache.mark());
    cache.changed("media");
    expect([cache.get("events")?.body, cache.get("comments")?.body]).toEqual(["[1]", "[3]"]);
    cache.changed("users");
    expect([cache.get("events"), cache.get("comments")]).toEqual([undefined, undefined]);
  });

  it("forgets an answer narrowed to an item when that item's rows change or the whole table does, not another's", () => {
    const cache = listeningCache();
    const keep = () => {
      cache.set("a", "v", answer("[a]", ["comments:a", "comment_likes:a", "users"]), cache.mark());
      cache.set("b", "v", answer("[b]", ["comments:b", "comment_likes:b", "users"]), cache.mark());
      cache.set("all", "v", answer("[all]", ["comments", "comment_likes"]), cache.mark());
    };
    const kept = () => ["a", "b", "all"].filter((key) => cache.get(key));
    keep();
    cache.changed("comments:a");
    expect(kept()).toEqual(["b"]);
    keep();
    cache.changed("comment_likes:b");
    expect(kept()).toEqual(["a"]);
    keep();
    cache.changed("comment_likes");
    expect(kept()).toEqual([]);
    // An item's change told while its answer was read: not kept.
    const mark = cache.mark();
    cache.changed("comments:a");
    expect(cache.set("a", "v", answer("[a]", ["comments:a"]), mark)).toBeUndefined();
    expect(cache.set("b", "v", answer("[b]", ["comments:b"]), mark)?.body).toBe("[b]");
  });

  it("lets go of items' changes past ten thousand, and then keeps no answer narrowed before", () => {
    const cache = listeningCache();
    cache.set("a", "v", answer("[a]", ["comments:a"]), cache.mark());
    const mark = cache.mark();
    for (let i = 0; i <= 10_000; i++) cache.changed(`comments:item-${i}`);
    // The change to item-0 is no longer remembered: an answer narrowed to it and read before is refused.
    expect(cache.set("item-0", "v", answer("[0]", ["comments:item-0"]), mark)).toBeUndefined();
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", "v", answer("[a]", ["comments:a"]), cache.mark());
    expect(cache.get("a")?.body).toBe("[a]");
  });

  it("forgets a member's sight when her own seats, places or invitations change, not another member's", () => {
    const cache = listeningCache();
    const keep = () => {
      cache.keepSight("mia", sight(["salon"]), cache.mark());
      cache.keepSight("tia", sight([]), cache.mark());
    };
    const kept = () => ["mia", "tia"].filter((member) => cache.sight(member));
    keep();
    cache.changed("event_participants:tia");
    expect(kept()).toEqual(["mia"]);
    keep();
    cache.changed("event_invitations:mia");
    expect(kept()).toEqual(["tia"]);
    keep();
    cache.changed("event_waitlist");
    expect(kept()).toEqual([]);
    keep();
    cache.changed("events");
    expect(kept()).toEqual([]);
    // An answer that counts everyone's seats is forgotten by anyone's.
    cache.set("list", "v", answer("[]", ["events", "event_participants"]), cache.mark());
    cache.changed("event_participants:tia");
    expect(cache.get("list")).toBeUndefined();
  });

  it("keeps an answer and a sight no later than they change by themselves, however long it keeps the others", async () => {
    const cache = listeningCache();
    const soon = Date.now() + 40;
    cache.set("closing", "v", answer("[closing]", ["events"], soon), cache.mark());
    cache.set("lasting", "v", answer("[lasting]"), cache.mark());
    cache.keepSight("invited", sight(["salon"], soon), cache.mark());
    cache.keepSight("member", sight(["salon"]), cache.mark());
    expect(cache.get("closing")?.body).toBe("[closing]");
    expect(cache.sight("invited")?.sight).toEqual(["salon"]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect([cache.get("closing"), cache.get("lasting")?.body]).toEqual([undefined, "[lasting]"]);
    expect([cache.sight("invited"), cache.sight("member")?.sight]).toEqual([undefined, ["salon"]]);
    // One that has changed already is not kept at all.
    expect(cache.set("late", "v", answer("[late]", ["events"], Date.now()), cache.mark())).toBeUndefined();
  });

  it("drops, when swept, what can no longer be served: answers past their time or made before a change, and such sights", async () => {
    const cache = new AnswerCache({ ttlMs: 50 });
    cache.listening();
    cache.set("old", "v", answer("x".repeat(1_000)), cache.mark());
    cache.keepSight("her", sight(["e1"]), cache.mark());
    await new Promise((r) => setTimeout(r, 60));
    cache.set("comments", "v", answer("x".repeat(1_000), ["comments"]), cache.mark());
    cache.set("events", "v", answer("x".repeat(1_000), ["events"]), cache.mark());
    cache.keepSight("his", sight(["e2"]), cache.mark());
    cache.changed("comments");
    const before = cache.bytes;
    cache.forgetStale();
    expect(cache.size).toBe(1);
    expect(cache.get("events")).toBeDefined();
    expect(cache.bytes).toBeLessThan(before / 2);
    expect(cache.sight("his")?.sight).toEqual(["e2"]);
    expect(cache.sight("her")).toBeUndefined();
  });

  it("does not keep an answer whose reading began before a change to one of its tables was told", () => {
    const cache = listeningCache();
    const mark = cache.mark();
    cache.changed("media");
    expect(cache.set("a", "v", answer("[1]", ["events"]), mark)?.body).toBe("[1]");
    cache.changed("events");
    expect(cache.set("b", "v", answer("[1]", ["events"]), mark)).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
  });

  it("does not keep an answer whose reading began before everything was forgotten", () => {
    // Changes may have gone untold (catching up after a dropped connection): no table is named.
    const cache = listeningCache();
    const mark = cache.mark();
    cache.clear();
    expect(cache.set("a", "v", answer("[1]"), mark)).toBeUndefined();
  });

  it("gives the same body different ETags for different callers, and keeps it frozen", () => {
    const cache = listeningCache();
    const one = cache.set("v\n/x", "v", answer("[1]"), cache.mark());
    const two = cache.set("w\n/x", "w", answer("[1]"), cache.mark());
    expect(one?.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(one?.etag).not.toBe(two?.etag);
    expect(Object.isFrozen(one)).toBe(true);
  });

  it("is bounded by size: an answer too large is not kept, and old ones make room", () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxBytes: 40_000 });
    cache.listening();
    expect(cache.set("big", "v", answer("x".repeat(10_000)), cache.mark())).toBeUndefined();
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, "v", answer("x".repeat(1_000)), cache.mark());
    expect(cache.size).toBeLessThan(50);
    expect(cache.get("k49")).toBeDefined();
  });

  it("counts the compressed copies it keeps, made after the answer: they make room like answers do", () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxBytes: 200_000 });
    cache.listening();
    // Answers of 1,000 characters whose compressed copies are ten times larger (as a JSON of
    // random bytes would be): each holds about 12 KB, not the 2 KB its JSON counts alone.
    for (let i = 0; i < 40; i++) {
      const kept = cache.set(`k${i}`, "v", answer("x".repeat(1_000)), cache.mark());
      kept?.encoded.set("br", Buffer.alloc(10_000));
      kept?.encoded.set("gzip", Buffer.alloc(10_000));
    }
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeLessThan(200_000 / 22_000);
    // The newest is there, with its copies, and still served as it was kept.
    const newest = cache.get("k39");
    expect(newest?.encoded.get("br")?.length).toBe(10_000);
    expect(newest?.body).toBe("x".repeat(1_000));
  });

  it("keeps a compressed copy in a block of its own size, and counts the memory it holds", () => {
    const cache = listeningCache();
    const body = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Member ${i}` })));
    const kept = cache.set("k", "v", answer(body), cache.mark())!;
    const before = cache.bytes;
    // As zlib answers it: a slice of the 16 KB block it compressed into.
    const compressed = brotli(body);
    expect(compressed.buffer.byteLength).toBeGreaterThan(4 * compressed.length);
    kept.encoded.set("br", compressed);
    const copy = cache.get("k")!.encoded.get("br")!;
    expect(copy.equals(compressed)).toBe(true);
    expect(copy.buffer.byteLength).toBe(copy.length);
    expect(cache.bytes - before).toBe(copy.length);
  });

  it("counts the members' sights in the same bound: a sight too large for its share is not kept", () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    cache.listening();
    const events = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    // 10,000 invite-only events: about 800 KB, more than the sights' share (an eighth) of 1 MB.
    cache.keepSight("many", sight(events(10_000)), cache.mark());
    expect(cache.sight("many")).toBeUndefined();
    for (let i = 0; i < 100; i++) cache.keepSight(`m${i}`, sight(events(100)), cache.mark());
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000);
    expect(cache.sight("m99")?.sight).toHaveLength(100);
    expect(cache.sight("m0")).toBeUndefined();
  });
});
