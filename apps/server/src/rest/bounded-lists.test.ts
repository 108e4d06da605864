import { randomUUID } from "node:crypto";
import { comments, media } from "@club/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

// The spec's whole-list answers are bounded: no request reads or sends an unbounded list.
let h: Harness;
let cookie: string;
let eventId: string;
let userId: string;
const EXTRA = 3;

beforeAll(async () => {
  h = await startApp();
  userId = (await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" })).id;
  cookie = await login(h, "ada@club.test");
  eventId = (await request(h, "POST", "/api/events", { title: "Salon" }, cookie)).json().id;
});
afterAll(() => h.close());

/** Follows the `Link: <…>; rel="next"` headers and returns every page's ids. */
async function allPages(first: string): Promise<string[][]> {
  const pages: string[][] = [];
  let url: string | undefined = first;
  while (url) {
    const res = await request(h, "GET", url, undefined, cookie);
    expect(res.statusCode).toBe(200);
    pages.push(res.json().map((x: { id: string }) => x.id));
    url = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ""))?.[1];
  }
  return pages;
}

describe("GET /api/comments", () => {
  it("answers the newest 1,000 and links to the rest, even when many share one timestamp", async () => {
    const at = new Date("2026-05-01T10:00:00Z");
    const rows = Array.from({ length: 1000 + EXTRA }, (_, i) => ({
      commentableId: eventId,
      userId,
      content: `Comment ${i}`,
      // Half of them made in the same microsecond: the cursor must still neither skip nor repeat.
      createdAt: i % 2 ? at : new Date(at.getTime() + i),
    }));
    await h.db.db.insert(comments).values(rows);
    const pages = await allPages(`/api/comments?commentableId=${eventId}`);
    expect(pages.map((p) => p.length)).toEqual([1000, EXTRA]);
    expect(new Set(pages.flat()).size).toBe(1000 + EXTRA);

    const stale = await request(h, "GET", `/api/comments?commentableId=${eventId}&cursor=bogus`, undefined, cookie);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe("These comments have changed. Please reload them.");
  });
});

describe("GET /api/media", () => {
  it("answers at most 1,000 items, newest first, and links to the rest", async () => {
    const at = new Date("2026-05-01T10:00:00Z");
    const rows = Array.from({ length: 1000 + EXTRA }, (_, i) => {
      const prefix = `media/${randomUUID()}`;
      return {
        objectPrefix: prefix,
        storageKey: `${prefix}/original`,
        mediaType: "image" as const,
        contentType: "image/jpeg",
        sizeBytes: 1,
        uploadedBy: userId,
        tags: ["salon"],
        uploadDate: i % 2 ? at : new Date(at.getTime() + i),
      };
    });
    await h.db.db.insert(media).values(rows);
    const pages = await allPages("/api/media?tag=salon");
    expect(pages.map((p) => p.length)).toEqual([1000, EXTRA]);
    expect(new Set(pages.flat()).size).toBe(1000 + EXTRA);
    // The link keeps the filter.
    const first = await request(h, "GET", "/api/media?tag=salon", undefined, cookie);
    expect(first.headers.link).toMatch(/^<\/api\/media\?tag=salon&cursor=[\w-]+>; rel="next"$/);
  });
});
