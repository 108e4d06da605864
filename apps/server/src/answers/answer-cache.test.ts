import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache";

const answer = (body: string) => ({ body, contentType: "application/json", link: undefined });

function listeningCache() {
  const cache = new AnswerCache({ ttlMs: 60_000 });
  cache.listening();
  return cache;
}

describe("AnswerCache", () => {
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

  it("forgets everything at any change", () => {
    const cache = listeningCache();
    cache.set("a", "v", answer("[1]"), cache.mark());
    cache.set("b", "w", answer("[2]"), cache.mark());
    cache.changed();
    expect([cache.get("a"), cache.get("b")]).toEqual([undefined, undefined]);
  });

  it("does not keep an answer whose reading began before a change was told", () => {
    const cache = listeningCache();
    const mark = cache.mark();
    cache.changed();
    expect(cache.set("a", "v", answer("[1]"), mark)).toBeUndefined();
    expect(cache.get("a")).toBeUndefined();
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
});
