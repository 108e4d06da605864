import type { SessionUser } from "@club/auth";
import { comments } from "@club/db";
import { COMMENTS_PAGE } from "@club/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, testApi } from "./test/api";

// The comments section reads an item's comments a page at a time, newest first, with the count of
// all of them for its heading ("45 Comments" while it shows twenty).

let api: TestApi;
let ada: SessionUser;
let eventId: string;
const TOTAL = 45;

beforeAll(async () => {
  api = await testApi();
  ada = await api.member("ada@pages.test", { type: "Founding", name: "Ada" });
  eventId = (await api.callerFor(ada).events.create({ title: "Busy salon" })).id;
  await api.db.insert(comments).values(
    Array.from({ length: TOTAL }, (_, i) => ({
      commentableId: eventId,
      userId: ada.id,
      content: `Comment ${i + 1}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, i)),
    })),
  );
});
afterAll(() => api.close());

describe("comments.page", () => {
  it("gives a page, where the next starts and the count of all", async () => {
    const first = await api.callerFor(ada).comments.page({ commentableId: eventId, limit: COMMENTS_PAGE });
    expect(first.items.map((c) => c.content)).toEqual(
      Array.from({ length: COMMENTS_PAGE }, (_, i) => `Comment ${TOTAL - i}`),
    );
    expect(first.total).toBe(TOTAL);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it("walks every comment once, newest first, and ends", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await api.callerFor(ada).comments.page({ commentableId: eventId, limit: COMMENTS_PAGE, cursor });
      expect(page.total).toBe(TOTAL);
      seen.push(...page.items.map((c) => c.content));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(TOTAL / COMMENTS_PAGE));
    expect(seen).toEqual(Array.from({ length: TOTAL }, (_, i) => `Comment ${TOTAL - i}`));
  });

  it("counts a comment posted since", async () => {
    await api.callerFor(ada).comments.create({ commentableId: eventId, content: "One more" });
    const first = await api.callerFor(ada).comments.page({ commentableId: eventId, limit: COMMENTS_PAGE });
    expect(first.total).toBe(TOTAL + 1);
    expect(first.items[0]?.content).toBe("One more");
  });

  it("counts them on a page past a cursor whose comments have since gone", async () => {
    const caller = api.callerFor(ada);
    const { id } = await caller.events.create({ title: "Quiet salon" });
    for (const content of ["First", "Second", "Third"]) await caller.comments.create({ commentableId: id, content });
    const first = await caller.comments.page({ commentableId: id, limit: 2 });
    const [oldest] = (await caller.comments.page({ commentableId: id, limit: 1, cursor: first.nextCursor ?? "" }))
      .items;
    await caller.comments.delete({ id: oldest!.id });
    const rest = await caller.comments.page({ commentableId: id, limit: 2, cursor: first.nextCursor ?? "" });
    expect(rest).toEqual({ items: [], nextCursor: null, total: 2 });
  });
});

describe("the answers of a write", () => {
  // comments.create and comments.like make their answers from what their statements return, not by
  // reading the comment again after the transaction: they must be what a reader gets next.
  it("comments.create answers the comment as the page then shows it", async () => {
    const made = await api.callerFor(ada).comments.create({ commentableId: eventId, content: "Read back" });
    const page = await api.callerFor(ada).comments.page({ commentableId: eventId, limit: 1 });
    expect(made).toEqual(page.items[0]);
    expect(made).toMatchObject({ username: "Ada", like_count: 0, user_liked: false, user_id: ada.id });
  });

  it("comments.like answers the count and her like as the page then shows them", async () => {
    const grace = await api.member("grace@pages.test", { name: "Grace" });
    const [latest] = (await api.callerFor(ada).comments.page({ commentableId: eventId, limit: 1 })).items;
    await api.callerFor(ada).comments.like({ id: latest!.id });
    const liked = await api.callerFor(grace).comments.like({ id: latest!.id });
    expect(liked).toEqual({ like_count: 2, user_liked: true });
    // Liked again: no second like, the same answer.
    expect(await api.callerFor(grace).comments.like({ id: latest!.id })).toEqual(liked);
    const [shown] = (await api.callerFor(grace).comments.page({ commentableId: eventId, limit: 1 })).items;
    expect({ like_count: shown?.like_count, user_liked: shown?.user_liked }).toEqual(liked);
  });
});
