import {
  commentLikes,
  comments,
  eventInvitations,
  eventParticipants,
  eventSeries,
  events,
  eventWaitlist,
  profiles,
  rowsOf,
} from "@club/db";
import { eq, sql } from "@club/db/orm";
import { queryLoggingDb } from "@club/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { sightChangesAt, sightOf } from "./domain/access";
import {
  HER_ROW_TOLD,
  KEPT_ANSWERS,
  type KeptProcedure,
  SHARED_ANSWERS,
  type SharedProcedure,
  SIGHT_TABLES,
  seatsMadeOf,
  TOLD_BY_EVENT,
  TOLD_BY_ITEM,
  TOLD_BY_MEMBER,
} from "./kept-answers";
import { type TestApi, testApi } from "./test/api";

/**
 * A server keeps the answers of KEPT_ANSWERS' procedures and forgets one when the database tells of
 * a change to a table it is made of. So each procedure's list must name every table its answer
 * reads (one left out would keep an answer after what it shows changed), and each of those tables
 * must tell of its changes (a trigger calling club_data_changed). Checked by calling each procedure,
 * on data that takes every branch, through a Drizzle that records the SQL it sends.
 */
let api: TestApi;
let tableNames: string[] = [];
/** Each table's columns. */
let columnsOf = new Map<string, string[]>();
const calls: Record<KeptProcedure, (ids: Ids) => [string, unknown][]> = {
  "events.list": (ids) => [
    ["events.list", {}],
    ["events.list", { upcoming: true, limit: 24 }],
    ["events.list", { search: "salon", sort: "desc" }],
    ["events.list", { mine: "joined" }],
    ["events.list", { mine: "invited" }],
    ["events.list", { host: ids.host }],
    ["events.list", { from: "2027-01-01", to: "2027-01-31" }],
  ],
  "events.get": (ids) => [
    ["events.get", { id: ids.open }],
    ["events.get", { id: ids.inviteOnly }],
  ],
  "events.choices": () => [
    ["events.choices", undefined],
    ["events.choices", { withMedia: true }],
  ],
  "media.list": (ids) => [
    ["media.list", {}],
    ["media.list", { tag: "salon" }],
    ["media.list", { eventId: ids.inviteOnly }],
    ["media.list", { uploader: ids.host }],
  ],
  "media.get": (ids) => [
    ["media.get", { id: ids.photo }],
    ["media.get", { id: ids.eventPhoto }],
  ],
  "media.tags": () => [["media.tags", { prefix: "sa" }]],
  "images.byEvent": (ids) => [["images.byEvent", { eventId: ids.inviteOnly }]],
  "images.byTitle": () => [["images.byTitle", { title: "Rose garden" }]],
  "comments.list": (ids) => [
    ["comments.list", { commentableId: ids.open }],
    ["comments.list", { commentableId: ids.photo }],
  ],
  "comments.page": (ids) => [
    ["comments.page", { commentableId: ids.inviteOnly, limit: 1 }],
    ["comments.page", { commentableId: ids.eventPhoto }],
  ],
  "home.get": () => [["home.get", undefined]],
};

interface Ids {
  host: string;
  open: string;
  inviteOnly: string;
  photo: string;
  eventPhoto: string;
}
let ids: Ids;
const named = z.object({ name: z.string() });
let member: Awaited<ReturnType<TestApi["member"]>>;
let admin: Awaited<ReturnType<TestApi["member"]>>;

beforeAll(async () => {
  api = await testApi();
  tableNames = rowsOf(
    await api.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
    named,
  ).map((r) => r.name);
  columnsOf = new Map(
    rowsOf(
      await api.db.execute(sql`
      select table_name as "table", array_agg(column_name::text) as columns from information_schema.columns
      where table_schema = 'public' group by table_name`),
      z.object({ table: z.string(), columns: z.array(z.string()) }),
    ).map((r) => [r.table, r.columns]),
  );
  const host = await api.member("host@club.test", { type: "Founding", name: "Hana Host" });
  member = await api.member("member@club.test", { name: "Mia Member" });
  admin = await api.member("admin@club.test", { admin: true, name: "Ada Admin" });
  await api.db.insert(profiles).values({ userId: host.id, bio: "Painter", talents: ["painting"] });
  // The open salon is a date of a series: its answers say how it repeats.
  const [series] = await api.db
    .insert(eventSeries)
    .values({ rule: "FREQ=MONTHLY;BYDAY=2TU;COUNT=2", startsOn: "2027-01-12", createdBy: host.id })
    .returning({ id: eventSeries.id });
  const made = await api.db
    .insert(events)
    .values(
      (["open", "invite-only"] as const).map((exclusivity, i) => ({
        ...(exclusivity === "open" ? { seriesId: series!.id, seriesDate: "2027-01-12" } : {}),
        slug: `salon-${i}`,
        title: `A salon ${i}`,
        description: "An evening of conversation.",
        type: "entertainment" as const,
        exclusivity,
        eventDate: "2027-01-12",
        city: "Boston",
        state: "Massachusetts",
        country: "US",
        location: "1 Rose Lane",
        createdBy: host.id,
      })),
    )
    .returning({ id: events.id });
  const [open, inviteOnly] = made.map((e) => e.id) as [string, string];
  await api.db.insert(eventParticipants).values([
    { eventId: open, userId: member.id },
    { eventId: inviteOnly, userId: host.id },
  ]);
  await api.db.insert(eventInvitations).values({
    tokenHash: "kept-answers",
    eventId: inviteOnly,
    inviteeId: member.id,
    invitedBy: host.id,
    expiresAt: new Date(Date.now() + 86_400_000),
    acceptedAt: new Date(),
  });
  const photo = await api.mediaRow({ uploadedBy: host.id, title: "Rose garden", tags: ["salon"] });
  const eventPhoto = await api.mediaRow({ uploadedBy: host.id, associatedEventId: inviteOnly, tags: ["salon"] });
  const said = await api.db
    .insert(comments)
    .values(
      [open, inviteOnly, photo, eventPhoto].map((on) => ({ commentableId: on, userId: host.id, content: "Lovely" })),
    )
    .returning({ id: comments.id });
  await api.db.insert(commentLikes).values(said.map((c) => ({ commentId: c.id, userId: member.id })));
  ids = { host: host.id, open, inviteOnly, photo, eventPhoto };
});
afterAll(async () => api?.close());

/** A call's answer, and the SQL it sent. */
async function callAs(
  user: typeof member & { sight?: readonly string[] },
  path: string,
  input: unknown,
  context: Parameters<TestApi["callerFor"]>[1] = {},
): Promise<{ answer: unknown; sent: string[] }> {
  const sent: string[] = [];
  const caller = api.callerFor(user, { ...context, db: queryLoggingDb(api, (query) => sent.push(query)) });
  const [router, name] = path.split(".") as [string, string];
  const procedures = caller as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
  const answer = await procedures[router]![name]!(input);
  return { answer, sent };
}

/** The SQL a call sent. */
async function statementsOf(user: typeof member, path: string, input: unknown): Promise<string[]> {
  return (await callAs(user, path, input)).sent;
}

/** Tables a statement names: quoted, as Drizzle names them, or after FROM or JOIN in written SQL. */
function tablesIn(statement: string): string[] {
  return tableNames.filter(
    (table) => statement.includes(`"${table}"`) || new RegExp(`\\b(from|join)\\s+${table}\\b`, "i").test(statement),
  );
}

/** Every call of every kept procedure, as a member and as an admin. */
async function everyStatement(procedure: KeptProcedure): Promise<string[]> {
  const sent: string[] = [];
  for (const user of [member, admin]) {
    for (const [path, input] of calls[procedure](ids)) sent.push(...(await statementsOf(user, path, input)));
  }
  return sent;
}

describe("each kept answer names the tables it is made of", () => {
  for (const procedure of Object.keys(KEPT_ANSWERS) as KeptProcedure[]) {
    it(procedure, async () => {
      const read = new Set((await everyStatement(procedure)).flatMap(tablesIn));
      // Every table read is named; every table named is read by one of the calls (the list stays true).
      expect([...read].sort()).toEqual([...KEPT_ANSWERS[procedure]].sort());
    });
  }
});

/**
 * Comments and likes tell of the item commented on (migration 0032): an answer whose procedure says
 * which item's comments it reads is forgotten only by a change to that item's. So it must read no
 * other item's: each statement that reads them is bound to the item, and another item's new comment
 * and like leave the answer as it was.
 */
describe("an answer that says which item's comments it reads", () => {
  for (const procedure of ["comments.list", "comments.page"] as const) {
    it(`${procedure}: names the item asked for, and reads the comments of no other`, async () => {
      for (const [path, input] of calls[procedure](ids)) {
        const item = (input as { commentableId: string }).commentableId;
        const said: string[] = [];
        const first = await callAs(member, path, input, { answerReadsCommentsOf: (id) => said.push(id) });
        expect(said).toEqual([item]);
        const reading = first.sent.filter((statement) =>
          tablesIn(statement).some((t) => TOLD_BY_ITEM.includes(t as never)),
        );
        expect(reading.length).toBeGreaterThan(0);
        for (const statement of reading) expect(statement).toMatch(/"comments"\."commentable_id" = \$\d+/);

        const elsewhere = item === ids.open ? ids.photo : ids.open;
        const [other] = await api.db
          .insert(comments)
          .values({ commentableId: elsewhere, userId: ids.host, content: "Elsewhere" })
          .returning({ id: comments.id });
        await api.db.insert(commentLikes).values({ commentId: other!.id, userId: member.id });
        expect((await callAs(member, path, input)).answer).toEqual(first.answer);
      }
    });
  }
});

it("every table a kept answer is made of tells of its changes", async () => {
  const rows = rowsOf(
    await api.db.execute(sql`
    select distinct c.relname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'club_data_changed'`),
    named,
  );
  const telling = new Set(rows.map((r) => r.name));
  const listed = new Set(Object.values(KEPT_ANSWERS).flat());
  expect([...listed].filter((table) => !telling.has(table))).toEqual([]);
});

it("every table told by item or member tells each row's insert, update and delete", async () => {
  // pg_trigger.tgtype's bits: 1 a row trigger, 4 insert, 8 delete, 16 update (32 truncate).
  const rows = rowsOf(
    await api.db.execute(sql`
    select c.relname as name, t.tgtype as type from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where p.proname in ('club_comment_rows_changed', 'club_comment_like_rows_changed', 'club_member_rows_changed')`),
    z.object({ name: z.string(), type: z.coerce.number() }),
  );
  const telling = rows.filter((r) => (r.type & 29) === 29).map((r) => r.name);
  expect(telling.sort()).toEqual([...TOLD_BY_ITEM, ...TOLD_BY_MEMBER].sort());
});

it("a table that tells only of some columns' changes tells of every column a kept answer reads", async () => {
  // Postgres's UPDATE OF list: the columns whose change a trigger tells of (users, migration 0029;
  // profiles, for the host's portrait, migration 0045).
  const rows = rowsOf(
    await api.db.execute(sql`
    select c.relname as "table", array_agg(a.attname::text) as columns from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
    where p.proname = 'club_data_changed'
    group by c.relname`),
    z.object({ table: z.string(), columns: z.array(z.string()) }),
  );
  expect(rows.map((r) => r.table).sort()).toEqual(["profiles", "users"]);
  const procedures = Object.keys(KEPT_ANSWERS) as KeptProcedure[];
  const sent = new Map(await Promise.all(procedures.map(async (p) => [p, await everyStatement(p)] as const)));
  // What her own answers read of her row beyond them is told by the member (HER_ROW_TOLD).
  const told = rowsOf(
    await api.db.execute(sql`
    select array_agg(a.attname::text) as columns from pg_trigger t
    join pg_proc p on p.oid = t.tgfoid
    join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
    where p.proname = 'club_home_seen_changed'`),
    z.object({ columns: z.array(z.string()) }),
  );
  const byMember = told[0]!.columns;
  const herRow = (procedure: string) => Object.hasOwn(HER_ROW_TOLD, procedure);
  for (const { table, columns } of rows) {
    const read = new Set(
      procedures.flatMap((procedure) =>
        sent
          .get(procedure)!
          .flatMap((statement) => columnsRead(statement, table))
          .filter((column) => !(table === "users" && herRow(procedure) && byMember.includes(column))),
      ),
    );
    expect(read.size).toBeGreaterThan(0);
    expect(
      [...read].filter((column) => !columns.includes(column)),
      table,
    ).toEqual([]);
  }
  // Her home reads when she last visited it, of her row alone.
  for (const procedure of procedures.filter(herRow)) {
    const reading = sent
      .get(procedure)!
      .filter((statement) => columnsRead(statement, "users").some((column) => byMember.includes(column)));
    expect(reading.length).toBeGreaterThan(0);
    for (const statement of reading) expect(statement).toMatch(/from "users" where "users"\."id" = \$\d+$/);
  }
});

/**
 * The columns of `table` a statement names: as `"table"."column"`, or bare where no other table it
 * reads has a column of that name (Drizzle leaves a lone table's columns bare).
 */
function columnsRead(statement: string, table: string): string[] {
  const tables = tablesIn(statement);
  if (!tables.includes(table)) return [];
  const qualified = [...statement.matchAll(new RegExp(`"${table}"\\."(\\w+)"`, "g"))].map((m) => m[1]!);
  const others = tables.filter((t) => t !== table).flatMap((t) => columnsOf.get(t) ?? []);
  const bare = (columnsOf.get(table) ?? []).filter(
    (column) => !others.includes(column) && new RegExp(`(?<![".])"${column}"(?!\\.)`).test(statement),
  );
  return [...new Set([...qualified, ...bare])];
}

/**
 * Members of one sight share SHARED_ANSWERS' answers (the server's keepAnswers). That holds
 * because such an answer, made from her sight, is the very answer her rows give her (so it is any
 * member's of that sight who does not find her id in it), and reads none of her rows: its tables
 * are the shared list, without the seats and invitations that only make up her sight.
 */
describe("a shared answer", () => {
  // A Travel Host invited where the (Standard) member is: the same sight.
  let other: typeof member;
  beforeAll(async () => {
    other = await api.member("traveller@club.test", { type: "Travel Host", name: "Tia Traveller" });
    await api.db.insert(eventInvitations).values({
      tokenHash: "kept-answers-traveller",
      eventId: ids.inviteOnly,
      inviteeId: other.id,
      invitedBy: ids.host,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  });

  it("a sight is the invite-only events her rows show her, and none while an item of hers is private", async () => {
    expect(await sightOf(api.db, member.id)).toEqual([ids.inviteOnly]);
    expect(await sightOf(api.db, ids.host)).toEqual([ids.inviteOnly]);
    const loner = await api.member("loner@club.test", { name: "Lou Loner" });
    expect(await sightOf(api.db, loner.id)).toEqual([]);
    await api.mediaRow({ uploadedBy: loner.id, uploaderOnly: true });
    expect(await sightOf(api.db, loner.id)).toBeNull();
  });

  it("a sight changes by itself when the first invitation she has not accepted expires", async () => {
    const guest = await api.member("pending-guest@club.test", { name: "Pia Pending" });
    expect(await sightChangesAt(api.db, guest.id)).toBeNull();
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    const invite = (tokenHash: string, expiresAt: Date, acceptedAt: Date | null = null) =>
      api.db.insert(eventInvitations).values({
        tokenHash,
        eventId: ids.inviteOnly,
        inviteeId: guest.id,
        invitedBy: ids.host,
        expiresAt,
        acceptedAt,
      });
    // Accepted, or expired already, an invitation changes nothing by itself.
    await invite("pending-accepted", inDays(1), new Date());
    await invite("pending-expired", inDays(-1));
    expect(await sightChangesAt(api.db, guest.id)).toBeNull();
    // One that expired a moment ago may be in a sight read at the same time: it still ends it.
    const moments = new Date(Date.now() - 2_000);
    await invite("pending-just-expired", moments);
    expect(await sightChangesAt(api.db, guest.id)).toEqual(moments);
    await api.db.delete(eventInvitations).where(eq(eventInvitations.tokenHash, "pending-just-expired"));
    await invite("pending-later", inDays(5));
    await invite("pending-sooner", inDays(2));
    expect((await sightChangesAt(api.db, guest.id))?.getTime()).toBeCloseTo(inDays(2).getTime(), -4);
  });

  it("a sight reads her own seats, places and invitations, no other member's, and nothing beyond its tables", async () => {
    const sent: string[] = [];
    const logging = queryLoggingDb(api, (query) => sent.push(query));
    await sightOf(logging, member.id);
    await sightChangesAt(logging, member.id);
    expect([...new Set(sent.flatMap(tablesIn))].sort()).toEqual([...SIGHT_TABLES].sort());
    const hers = { event_participants: "user_id", event_waitlist: "user_id", event_invitations: "invitee_id" };
    expect(Object.keys(hers).sort()).toEqual([...TOLD_BY_MEMBER].sort());
    for (const [table, column] of Object.entries(hers)) {
      const reading = sent.filter((statement) => tablesIn(statement).includes(table));
      expect(reading.length, table).toBeGreaterThan(0);
      for (const statement of reading) expect(statement).toMatch(new RegExp(`"${table}"\\."${column}" = \\$\\d+`));
    }
  });

  for (const procedure of Object.keys(SHARED_ANSWERS) as SharedProcedure[]) {
    it(`${procedure}: made from her sight it is her answer, another type's of that sight too, and it reads the tables listed`, async () => {
      const sight = await sightOf(api.db, member.id);
      expect(sight).not.toBeNull();
      expect(await sightOf(api.db, other.id)).toEqual(sight);
      const read = new Set<string>();
      for (const [path, input] of calls[procedure](ids)) {
        // Her own events' lists read her id: hers alone (below).
        if ((input as { mine?: string } | undefined)?.mine) continue;
        const shared = await callAs({ ...member, sight: sight ?? [] }, path, input);
        const said = `${path} ${JSON.stringify(input)}`;
        expect(shared.answer, said).toEqual((await callAs(member, path, input)).answer);
        expect((await callAs({ ...other, sight: sight ?? [] }, path, input)).answer, said).toEqual(shared.answer);
        const asAdmin = await callAs(admin, path, input);
        for (const statement of [...shared.sent, ...asAdmin.sent])
          for (const table of tablesIn(statement)) read.add(table);
      }
      expect([...read].sort()).toEqual([...SHARED_ANSWERS[procedure]].sort());
    });
  }

  /**
   * Seats and places tell of their event too (migration 0033), and a shared events list is made of
   * the rows of the events on its page alone (`answerReadsSeatsOf`): so it must count no other
   * event's. Each statement reading them is bound to the row's event, and a seat or a place taken
   * at an event the page does not show leaves the answer as it was (one it shows changes it).
   */
  it("the events list says whose seats it counts, and counts no other event's", async () => {
    const sight = (await sightOf(api.db, member.id)) ?? [];
    const [elsewhere] = await api.db
      .insert(events)
      .values({
        slug: "elsewhere",
        title: "A picnic elsewhere",
        description: "Lunch on the grass.",
        type: "entertainment",
        eventDate: "2027-03-01",
        createdBy: ids.host,
      })
      .returning({ id: events.id });
    const guest = await api.member("guest@club.test", { name: "Gwen Guest" });
    let untouched = 0;
    for (const [path, input] of calls["events.list"](ids)) {
      if ((input as { mine?: string }).mine) continue;
      const said: (readonly string[])[] = [];
      const first = await callAs({ ...member, sight }, path, input, { answerReadsSeatsOf: (ids) => said.push(ids) });
      const listed = (first.answer as { items: { id: string }[] }).items.map((e) => e.id);
      expect(said, JSON.stringify(input)).toEqual([listed]);
      const reading = first.sent.filter((statement) =>
        tablesIn(statement).some((t) => TOLD_BY_EVENT.includes(t as never)),
      );
      expect(reading.length).toBeGreaterThan(0);
      for (const statement of reading) {
        for (const table of TOLD_BY_EVENT) {
          expect(statement).not.toMatch(
            new RegExp(`(from|join) "${table}"(?! where ("${table}"\\.)?"event_id" = ("events"\\.)?"id"\\))`),
          );
        }
      }
      if (listed.includes(elsewhere!.id)) continue;
      untouched++;
      await api.db.insert(eventParticipants).values({ eventId: elsewhere!.id, userId: guest.id }).onConflictDoNothing();
      await api.db.insert(eventWaitlist).values({ eventId: elsewhere!.id, userId: admin.id }).onConflictDoNothing();
      expect((await callAs({ ...member, sight }, path, input)).answer, JSON.stringify(input)).toEqual(first.answer);
    }
    expect(untouched).toBeGreaterThan(0);
    // A seat at an event the page shows is counted on it.
    const input = { search: "salon", sort: "desc" };
    const before = await callAs({ ...member, sight }, "events.list", input);
    await api.db.insert(eventParticipants).values({ eventId: ids.open, userId: guest.id });
    expect((await callAs({ ...member, sight }, "events.list", input)).answer).not.toEqual(before.answer);
    expect(seatsMadeOf(SHARED_ANSWERS["events.list"], [ids.open])).toEqual([
      "events",
      `event_participants:event:${ids.open}`,
      `event_waitlist:event:${ids.open}`,
      "event_series",
    ]);
  });

  it("a list of her own events says it is hers alone", async () => {
    const answerIsPersonal = vi.fn();
    const caller = api.callerFor(member, { answerIsPersonal });
    await caller.events.list({ upcoming: true });
    expect(answerIsPersonal).not.toHaveBeenCalled();
    await caller.events.list({ mine: "joined" });
    expect(answerIsPersonal).toHaveBeenCalledOnce();
  });
});
