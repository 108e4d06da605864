import type { SessionUser } from "@club/auth";
import { sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryPageQuery } from "./domain/members/directory";
import { type TestApi, testApi } from "./test/api";
import { analyzedPlan, rowsReadFrom } from "./test/plan";

// The directory's search ("part of her name or of one of her talents") looks members up on the
// trigram indexes of names and of talents. As one `or` across the join, it read every member and
// every profile to find a few (120 ms at 10,000 members with three talents each).

const MEMBERS = 3_000;

let api: TestApi;
let reader: SessionUser;
beforeAll(async () => {
  api = await testApi();
  reader = await api.member("rita@directory-plan.test", { name: "Rita Reader" });
  await api.db.execute(sql`
    insert into users (name, email, password_hash, type)
    select 'Member ' || i, 'member-' || i || '@directory-plan.test', 'x', (case when i % 3 = 0 then 'Travel Host' else 'Standard' end)::member_type
    from generate_series(1, ${MEMBERS}) i`);
  await api.db.execute(sql`
    insert into profiles (user_id, talents)
    select id, array['Negotiation', 'Skill ' || (substring(name from 8)::int % 97), 'Craft ' || (substring(name from 8)::int % 300)]
    from users where email like '%@directory-plan.test' and name like 'Member %'`);
  // The planner's choices follow the statistics: as autovacuum would leave them.
  await api.db.execute(sql`analyze users, profiles`);
});
afterAll(() => api.close());

const rowsRead = async (filter: Parameters<typeof directoryPageQuery>[1]) => {
  const { root, nodes } = await analyzedPlan(api.db, directoryPageQuery(api.db, filter).getSQL());
  return { found: root["Actual Rows"], profiles: rowsReadFrom(nodes, "profiles") };
};

describe("the directory's search at 3,000 members", () => {
  // Postgres may still read the 3,000 members' rows whole (a few pages, cheaper at this size than
  // their index), but never each member's talents: those cost a walk through her talents each.
  it("reads the profile of the member whose name matches, not every profile", async () => {
    const read = await rowsRead({ search: "member 2999" });
    expect(read.found).toBe(1);
    expect(read.profiles).toBeLessThanOrEqual(10);
  });

  it("reads the profiles with a matching talent, not every profile", async () => {
    // Craft 123: members 123, 423, … (ten), each profile read once or twice, not 3,000.
    const read = await rowsRead({ search: "craft 123" });
    expect(read.found).toBe(10);
    expect(read.profiles).toBeLessThanOrEqual(40);
  });

  it("reads a page of profiles for a talent nearly every member lists, not every profile", async () => {
    // Negotiation: every member; the first page by name is the answer, whichever half finds it.
    const read = await rowsRead({ search: "negotiation" });
    expect(read.found).toBe(25);
    expect(read.profiles).toBeLessThanOrEqual(200);
  });

  it("finds by name or talent, with the other filters, a page at a time in order of name", async () => {
    const list = (input: Parameters<ReturnType<TestApi["callerFor"]>["members"]["list"]>[0]) =>
      api.callerFor(reader).members.list(input);
    const names = async (input: Parameters<typeof list>[0]) => (await list(input)).items.map((m) => m.name);
    // Those whose name has "297" (297, 1297, 2297, 2970…2979) and those with Craft 297 as a talent.
    const expected = Array.from({ length: MEMBERS }, (_, k) => k + 1)
      .filter((i) => String(i).includes("297") || i % 300 === 297)
      .map((i) => `Member ${i}`);
    const both = await names({ search: "297", limit: 100 });
    expect([...both].sort()).toEqual(expected.sort());
    // Paged three at a time, the pages make up the same list.
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ search: "297", limit: 3, ...(cursor ? { cursor } : {}) });
      paged.push(...page.items.map((m) => m.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(both);
    // The other filters hold in both halves: Travel Hosts (every third member) among them.
    expect(await names({ search: "297", type: "Travel Host", limit: 100 })).toEqual(
      both.filter((name) => Number(name.slice(7)) % 3 === 0),
    );
    expect(await names({ search: "297", talent: "craft 297", limit: 100 })).toEqual(
      both.filter((name) => Number(name.slice(7)) % 300 === 297),
    );
  });
});
