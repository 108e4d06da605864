import { randomUUID } from "node:crypto";
import { applications, comments, events, media, users } from "@club/db";
import { sql } from "@club/db/orm";
import { EVENTS_PAGE_MAX } from "@club/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

// The spec's whole-list answers are bounded: no request reads or sends an unbounded list.
let h: Harness;
let cookie: string;
let eventId: string;
let userId: string;
let admin: string;
const EXTRA = 3;

beforeAll(async () => {
  h = await startApp();
  userId = (await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" })).id;
  cookie = await login(h, "ada@club.test");
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  admin = await login(h, "root@club.test");
  eventId = (await request(h, "POST", "/api/events", { title: "Salon" }, cookie)).json().id;
});
afterAll(() => h.close());

/** Follows the `Link: <…>; rel="next"` headers and returns every page's ids. */
async function allPages(first: string, as = cookie): Promise<string[][]> {
  const pages: string[][] = [];
  let url: string | undefined = first;
  while (url) {
    const res = await request(h, "GET", url, undefined, as);
    expect(res.statusCode).toBe(200);
    pages.push(
      res.json().map((x: { id?: string; user_id?: string; event_id?: string }) => x.id ?? x.user_id ?? x.event_id),
    );
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

describe("GET /api/users and GET /api/applications", () => {
  it("answer at most 1,000 rows and link to the rest", async () => {
    await h.db.db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({ name: `Member ${i}`, email: `m${i}@club.test`, passwordHash: "x" })),
      );
    const userPages = await allPages("/api/users", admin);
    // 1,000 inserted, plus Ada and Root.
    expect(userPages.map((p) => p.length)).toEqual([1000, 2]);
    expect(new Set(userPages.flat()).size).toBe(1002);

    await h.db.db.insert(applications).values(
      Array.from({ length: 1000 + EXTRA }, (_, i) => ({
        fullName: `Applicant ${i}`,
        email: `a${i}@example.com`,
        reason: "To meet peers",
        membershipType: "Standard" as const,
      })),
    );
    const applicationPages = await allPages("/api/applications", admin);
    expect(applicationPages.map((p) => p.length)).toEqual([1000, EXTRA]);
    expect(new Set(applicationPages.flat()).size).toBe(1000 + EXTRA);
  });

  it("page a sync's changes and deletions by their Link headers, 1,000 sharing one moment", async () => {
    const since = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    const changed = await allPages(`/api/users?updated_since=${since}`, admin);
    expect(changed.map((p) => p.length)).toEqual([1000, 2]);
    expect(new Set(changed.flat()).size).toBe(1002);

    await h.db.db
      .insert(users)
      .values(
        Array.from({ length: EXTRA }, (_, i) => ({ name: `Extra ${i}`, email: `x${i}@club.test`, passwordHash: "x" })),
      );
    // One statement: the 1,003 deletions share one moment.
    await h.db.db.delete(users).where(sql`${users.name} like 'Member %' or ${users.name} like 'Extra %'`);
    const gone = await allPages(`/api/users/deleted?since=${since}`, admin);
    expect(gone.map((p) => p.length)).toEqual([1000, EXTRA]);
    expect(new Set(gone.flat()).size).toBe(1000 + EXTRA);

    const tooOld = await request(h, "GET", "/api/users/deleted?since=2020-01-01", undefined, admin);
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().detail).toMatch(/^The club keeps who was deleted for 30 days/);
    expect((await request(h, "GET", "/api/users/deleted", undefined, admin)).json().detail).toBe(
      "since must be a real day, like 2027-01-31 or 2027-01-31T18:00:00Z.",
    );
  });
});

describe("GET /api/events", () => {
  it("answers the first 1,000 events by start date, past ones too, and links to the rest", async () => {
    // Ten years of past events and a few ahead, many on one day at one time.
    const rows = Array.from({ length: 1000 + EXTRA }, (_, i) => ({
      slug: `history-${i}`,
      title: `History ${i}`,
      description: "An evening.",
      eventDate: i % 3 ? `20${String(16 + Math.floor(i / 100)).padStart(2, "0")}-03-01` : "2016-01-01",
      startTime: "18:00",
      createdBy: userId,
    }));
    await h.db.db.insert(events).values(rows);
    const pages = await allPages("/api/events?search=History");
    expect(pages.map((p) => p.length)).toEqual([1000, EXTRA]);
    expect(new Set(pages.flat()).size).toBe(1000 + EXTRA);
    const first = await request(h, "GET", "/api/events?search=History", undefined, cookie);
    expect(first.headers.link).toMatch(/^<\/api\/events\?search=History&cursor=[\w-]+>; rel="next"$/);
    const dates = first.json().map((e: { event_date: string }) => e.event_date);
    expect(dates[0]).toBe("2016-01-01");
    expect(dates).toEqual([...dates].sort());
    // Latest first, too.
    const latest = await request(h, "GET", "/api/events?search=History&sort=desc", undefined, cookie);
    expect(latest.json()[0].event_date).toBe("2026-03-01");
    // A short list has no link, as before.
    const salon = await request(h, "GET", "/api/events?search=Salon", undefined, cookie);
    expect(salon.json().map((e: { title: string }) => e.title)).toEqual(["Salon"]);
    expect(salon.headers.link).toBeUndefined();
  });

  it("pages a sync's changes and deletions by their Link headers, 1,000 sharing one moment", async () => {
    const since = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    const [{ count }] = (await h.db.db.select({ count: sql<number>`count(*)::int` }).from(events)) as [
      { count: number },
    ];
    const changed = await allPages(`/api/events?updated_since=${since}`, admin);
    expect(changed.slice(0, -1).every((page) => page.length === EVENTS_PAGE_MAX)).toBe(true);
    expect(new Set(changed.flat()).size).toBe(count);
    expect((await request(h, "GET", `/api/events?updated_since=${since}`, undefined, cookie)).statusCode).toBe(403);

    // One statement: the deletions share one moment.
    await h.db.db.delete(events).where(sql`${events.title} like 'History %'`);
    const gone = await allPages(`/api/events/deleted?since=${since}`, admin);
    expect(new Set(gone.flat()).size).toBe(1000 + EXTRA);
    expect(gone.slice(0, -1).every((page) => page.length === EVENTS_PAGE_MAX)).toBe(true);
    const tooOld = await request(h, "GET", "/api/events/deleted?since=2020-01-01", undefined, admin);
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().detail).toMatch(/^The club keeps which events were deleted for 30 days/);
  });
});
