import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache";

const kept = (userId: string) => ({
  session: { id: `s-${userId}`, userId, expiresAt: new Date(Date.now() + 86_400_000), method: "password" as const },
  user: {
    id: userId,
    name: "Ada",
    email: "ada@club.test",
    type: "Founding" as const,
    admin: false,
    mustChangePassword: false,
  },
});

function listeningCache() {
  const cache = new SessionCache({ ttlMs: 60_000 });
  cache.listening();
  return cache;
}

describe("SessionCache", () => {
  it("keeps nothing until it listens to changes, and forgets everything when it stops", () => {
    const cache = new SessionCache({ ttlMs: 60_000 });
    cache.set("a", kept("u1"), cache.mark());
    expect(cache.get("a")).toBeUndefined();
    cache.listening();
    cache.set("a", kept("u1"), cache.mark());
    expect(cache.get("a")?.user.id).toBe("u1");
    cache.deaf();
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", kept("u1"), cache.mark());
    expect(cache.get("a")).toBeUndefined();
  });

  it("forgets every session of a changed member, and only hers", () => {
    const cache = listeningCache();
    cache.set("a", kept("u1"), cache.mark());
    cache.set("b", kept("u1"), cache.mark());
    cache.set("c", kept("u2"), cache.mark());
    cache.changed("u1");
    expect([cache.get("a"), cache.get("b")]).toEqual([undefined, undefined]);
    expect(cache.get("c")?.user.id).toBe("u2");
    cache.changed("*");
    expect(cache.get("c")).toBeUndefined();
  });

  it("does not keep a read that began before a change was told (it may predate the change)", () => {
    const cache = listeningCache();
    const mark = cache.mark();
    cache.changed("u1");
    cache.set("a", kept("u1"), mark);
    expect(cache.get("a")).toBeUndefined();
  });

  it("hands out copies nobody can change", () => {
    const cache = listeningCache();
    cache.set("a", kept("u1"), cache.mark());
    const found = cache.get("a");
    expect(() => {
      (found?.user as { admin: boolean }).admin = true;
    }).toThrow(TypeError);
  });
});
