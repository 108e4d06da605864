import type { SessionUser } from "@club/auth";
import { sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestCommentsQuery } from "./domain/home/home";
import { type TestApi, testApi } from "./test/api";
import { analyzedPlan, rowsReadFrom } from "./test/plan";

// Her home's latest comments are read through her own events and uploads, each item's comments on
// their index. Joined from every comment, the query read the club's every comment to find her
// five (90 ms at 200,000 comments, and growing with the club).

const OTHERS_ITEMS = 300;
const COMMENTS_EACH = 10;

let api: TestApi;
let member: SessionUser;
let other: SessionUser;
beforeAll(async () => {
  api = await testApi();
  member = await api.member("mia@home-plan.test", { type: "Founding", name: "Mia Member" });
  other = await api.member("olga@home-plan.test", { name: "Olga Other" });
  // Others' photos with their comments; one photo and one event of hers, with three comments each.
  await api.db.execute(sql`
    insert into media (object_prefix, storage_key, media_type, content_type, size_bytes, uploaded_by, upload_date)
    select 'media/others-' || i, 'media/others-' || i || '/display.webp', 'image', 'image/webp', 1, ${other.id}, now()
    from generate_series(1, ${OTHERS_ITEMS}) i`);
  await api.db.execute(sql`
    insert into comments (commentable_id, user_id, content, created_at)
    select m.id, ${other.id}, 'On an item of hers', now() - make_interval(secs => k)
    from media m, generate_series(1, ${COMMENTS_EACH}) k where m.uploaded_by = ${other.id}`);
  await api.db.execute(sql`
    insert into media (object_prefix, storage_key, media_type, content_type, size_bytes, uploaded_by, upload_date)
    values ('media/mine', 'media/mine/display.webp', 'image', 'image/webp', 1, ${member.id}, now())`);
  await api.db.execute(sql`
    insert into events (slug, title, description, exclusivity, event_date, created_by, published_at)
    values ('mine', 'My salon', 'About', 'open', date '2030-01-01', ${member.id}, now())`);
  await api.db.execute(sql`
    insert into comments (commentable_id, user_id, content, created_at)
    select x.id, ${other.id}, 'On yours ' || k, now() - make_interval(days => k)
    from (select id from media where uploaded_by = ${member.id} union all select id from events where created_by = ${member.id}) x,
         generate_series(1, 3) k`);
  await api.db.execute(sql`analyze comments, media, events, users`);
});
afterAll(() => api.close());

describe("her home's latest comments", () => {
  it("reads only the comments of her own events and uploads", async () => {
    const { nodes } = await analyzedPlan(api.db, latestCommentsQuery(api.db, member).getSQL());
    const read = rowsReadFrom(nodes, "comments");
    // Her six, not the club's 3,006.
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(6);
  });

  it("lists others' newest comments on her event and her photo", async () => {
    const home = await api.callerFor(member).home.get();
    expect(home.comments.map((c) => c.excerpt)).toEqual([
      "On yours 1",
      "On yours 1",
      "On yours 2",
      "On yours 2",
      "On yours 3",
    ]);
    expect(new Set(home.comments.map((c) => c.on.kind))).toEqual(new Set(["event", "media"]));
    expect(home.comments.every((c) => c.author === "Olga Other")).toBe(true);
  });
});
