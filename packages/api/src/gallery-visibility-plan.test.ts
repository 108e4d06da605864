import type { SessionUser } from "@club/auth";
import { media, rowsOf } from "@club/db";
import { desc, sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { visibleMedia } from "./domain/access";
import { selectMedia } from "./domain/media/dto";
import { type TestApi, testApi } from "./test/api";
import { analyzedPlan, rowsReadFrom } from "./test/plan";

// A gallery page reads the events of the items on it, not every event: whether a member may see an
// item of an event is looked up per item on the events' key. Postgres 15 planned the EXISTS it was
// as a hashed SubPlan, reading all the events she may see before the page's first row.

const EVENTS = 1_000;
const ITEMS = 3_000;
const PAGE = 60;

let api: TestApi;
let member: SessionUser;
beforeAll(async () => {
  api = await testApi();
  member = await api.member("mia@plan.test", { name: "Mia Member" });
  const host = await api.member("hugo@plan.test", { type: "Founding", name: "Hugo Host" });
  // A quarter invite-only (she joined one in ten of those), the rest open; one item in ten in an event.
  await api.db.execute(sql`
    insert into events (slug, title, description, exclusivity, event_date, created_by)
    select 'plan-' || i, 'Event ' || i, 'About', (case when i % 4 = 0 then 'invite-only' else 'open' end)::event_exclusivity,
           date '2026-01-01' + (i % 300), ${host.id}
    from generate_series(1, ${EVENTS}) i`);
  await api.db.execute(sql`
    insert into event_participants (event_id, user_id)
    select id, ${member.id} from events where exclusivity = 'invite-only' and slug like '%0'`);
  await api.db.execute(sql`
    insert into media (object_prefix, storage_key, media_type, content_type, size_bytes, uploaded_by, associated_event_id, upload_date)
    select 'media/plan-' || i, 'media/plan-' || i || '/display.webp', 'image', 'image/webp', 1, ${host.id},
           (select id from events where slug = 'plan-' || (1 + (i / 10) % ${EVENTS}) and i % 10 = 0),
           now() - make_interval(mins => i)
    from generate_series(1, ${ITEMS}) i`);
  // The planner's choices follow the statistics: as autovacuum would leave them.
  await api.db.execute(sql`analyze events, event_participants, event_waitlist, event_invitations, media, users`);
});
afterAll(() => api.close());

describe("the gallery's first page for a member", () => {
  it("reads only the events of its items, each on the events' key", async () => {
    // The page as media.list asks it (newest first, one more than a page to tell of a next one).
    const page = selectMedia(api.db, member.id)
      .where(visibleMedia(member))
      .orderBy(desc(media.uploadDate), desc(media.id))
      .limit(PAGE + 1);
    const { root: plan, nodes } = await analyzedPlan(api.db, page.getSQL());
    const onEvents = nodes.filter((n) => n["Relation Name"] === "events");

    expect(onEvents.length).toBeGreaterThan(0);
    for (const node of onEvents) expect(node["Node Type"]).toMatch(/^Index (Only )?Scan$/);
    // One look-up per item of an event among the rows the page walked (about one in ten of them).
    const eventsRead = rowsReadFrom(nodes, "events");
    expect(eventsRead).toBeLessThanOrEqual(PAGE + 1);
    expect(plan["Actual Rows"]).toBe(PAGE + 1);
  });

  it("lists what she may see: items of open events and of the invite-only events she joined", async () => {
    const { items } = await api.callerFor(member).media.list({ limit: PAGE });
    expect(items).toHaveLength(PAGE);
    const shown = new Set(items.map((i) => i.associated_event_id).filter(Boolean));
    const hidden = rowsOf(
      await api.db.execute(sql`
        select id from events e
        where e.exclusivity = 'invite-only'
          and not exists (select 1 from event_participants p where p.event_id = e.id and p.user_id = ${member.id})`),
      z.object({ id: z.string() }),
    );
    for (const { id } of hidden) expect(shown.has(id)).toBe(false);
  });
});
