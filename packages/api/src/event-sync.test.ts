import type { SessionUser } from "@club/auth";
import { deletedRows, events } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredRecords } from "./domain/admin/retention";
import { EVENT_DELETIONS_TOO_OLD } from "./domain/events/event-changes";
import { type TestApi, testApi } from "./test/api";
import { databaseNow } from "./test/database-now";
import { refusal } from "./test/refusal";

// A sync (a calendar, a CRM) asks the events list what changed since its last ask, and which
// events went: `events.list` with `updated_since` (and `after` for the next page), `events.deleted`.
// An admin's: a member's list follows what she may see, which changes without any event changing.

let api: TestApi;
let admin: SessionUser;
let host: SessionUser;
let member: SessionUser;
beforeAll(async () => {
  api = await testApi();
  admin = await api.member("ada@event-sync.test", { admin: true, name: "Ada Admin" });
  host = await api.member("hana@event-sync.test", { type: "Founding", name: "Hana Host" });
  member = await api.member("mia@event-sync.test", { name: "Mia Member" });
});
afterAll(() => api.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const changes = async (input: { updated_since: Date; after?: string; limit?: number }) =>
  (await api.callerFor(admin).events.list(input)).items;
const titles = async (since: Date) => (await changes({ updated_since: since })).map((e) => e.title);

describe("what changed in the events since a moment", () => {
  it("lists events made, changed or published, oldest change first, each with its time; not seats, not drafts", async () => {
    const asked = await databaseNow(api.db);
    const salon = await api.callerFor(host).events.create({ title: "Winter salon", event_date: inDays(20) });
    const draft = await api
      .callerFor(host)
      .events.create({ title: "Spring draft", event_date: inDays(90), draft: true });
    expect(await titles(asked)).toEqual(["Winter salon"]);

    // Seats are not the event's row: a sync that mirrors them asks the event.
    const afterMade = await databaseNow(api.db);
    await api.callerFor(member).events.join({ id: salon.id });
    expect(await titles(afterMade)).toEqual([]);

    // An edit, and a publication, are.
    await api.callerFor(host).events.update({ id: salon.id, title: "Winter salon, moved", city: "Boston" });
    await api.callerFor(host).events.publish({ id: draft.id });
    const listed = await changes({ updated_since: afterMade });
    expect(listed.map((e) => e.title)).toEqual(["Winter salon, moved", "Spring draft"]);
    expect(listed[0]).toMatchObject({ id: salon.id, city: "Boston", participant_count: 2 });
    expect(listed[0]?.updated_at).toBeInstanceOf(Date);
    expect(listed[1]?.updated_at?.getTime()).toBeGreaterThanOrEqual(listed[0]?.updated_at?.getTime() ?? 0);

    // Saved as it was, nothing changed: not listed again from then on.
    const later = await databaseNow(api.db);
    await api.callerFor(host).events.update({ id: salon.id, title: "Winter salon, moved", city: "Boston" });
    expect(await titles(later)).toEqual([]);
    // Whichever code changes the row, it is told: here one outside the app.
    await api.db.update(events).set({ note: "Coats upstairs" }).where(eq(events.id, salon.id));
    expect(await titles(later)).toEqual(["Winter salon, moved"]);
  });

  it("pages by the last event's time and id: every change once, even when many share one moment", async () => {
    const asked = await databaseNow(api.db);
    // One statement: all eleven carry the very same `updated_at`.
    await api.db.insert(events).values(
      Array.from({ length: 11 }, (_, i) => ({
        slug: `batch-${i}`,
        title: `Batch ${String(i).padStart(2, "0")}`,
        description: "One of many.",
        eventDate: inDays(30),
        createdBy: host.id,
      })),
    );
    const seen: string[] = [];
    let page = await changes({ updated_since: asked, limit: 4 });
    // At most ten asks: a page that began again at its own rows would otherwise loop for ever.
    for (let asks = 0; page.length > 0 && asks < 10; asks += 1) {
      seen.push(...page.map((e) => e.title));
      const last = page.at(-1)!;
      page = await changes({ updated_since: last.updated_at!, after: last.id, limit: 4 });
    }
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
  });

  it("is an admin's, and refuses a page asked for in words that cannot work", async () => {
    const since = new Date(Date.now() - 60_000);
    for (const who of [member, host]) {
      expect(await refusal(api.callerFor(who).events.list({ updated_since: since }))).toMatchObject({
        code: "FORBIDDEN",
      });
      expect(await refusal(api.callerFor(who).events.deleted({ since }))).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await refusal(api.callerFor(admin).events.list({ after: host.id }))).toEqual({
      code: "BAD_REQUEST",
      message: "after goes with updated_since.",
    });
    expect(await refusal(api.callerFor(admin).events.list({ updated_since: since, upcoming: true }))).toEqual({
      code: "BAD_REQUEST",
      message:
        "A list of changes takes no search, sort, mine, host, cursor, upcoming, from, to: it is paged with after (the last event's id).",
    });
    expect(await refusal(api.callerFor(admin).events.list({ updated_since: "soon" as unknown as Date }))).toEqual({
      code: "BAD_REQUEST",
      message: "updated_since must be a real day, like 2027-01-31 or 2027-01-31T18:00:00Z.",
    });
  });
});

describe("which events were deleted since a moment", () => {
  it("tells each deleted event's id and when, however it went, and nothing else of it", async () => {
    const asked = await databaseNow(api.db);
    const cancelled = await api.callerFor(host).events.create({ title: "Called off", event_date: inDays(10) });
    const dropped = await api.callerFor(host).events.create({ title: "Dropped", event_date: inDays(11) });
    await api.callerFor(host).events.delete({ id: cancelled.id });
    // Gone another way (the command line, an operator): the table's own trigger tells it too.
    await api.db.delete(events).where(eq(events.id, dropped.id));
    const gone = await api.callerFor(admin).events.deleted({ since: asked });
    expect(gone.map((g) => g.event_id)).toEqual([cancelled.id, dropped.id]);
    expect(Object.keys(gone[0] ?? {}).sort()).toEqual(["deleted_at", "event_id"]);
    const ids = (await changes({ updated_since: asked })).map((e) => e.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(dropped.id);
    // A member's deletions are the members' list's, not this one's.
    const leaving = await api.member("lea@event-sync.test");
    await api.callerFor(admin).users.delete({ userId: leaving.id });
    expect((await api.callerFor(admin).events.deleted({ since: asked })).map((g) => g.event_id)).not.toContain(
      leaving.id,
    );
  });

  it("refuses a moment further back than deletions are kept, saying what to do; housekeeping forgets them then", async () => {
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    expect(await refusal(api.callerFor(admin).events.deleted({ since: longAgo }))).toEqual({
      code: "BAD_REQUEST",
      message: EVENT_DELETIONS_TOO_OLD,
    });
    const old = await api.callerFor(host).events.create({ title: "Long gone", event_date: inDays(5) });
    await api.db.delete(events).where(eq(events.id, old.id));
    await api.db
      .update(deletedRows)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(deletedRows.id, old.id));
    expect((await deleteExpiredRecords(api.db)).deletedRows).toBe(1);
    expect(await api.db.select().from(deletedRows).where(eq(deletedRows.id, old.id))).toEqual([]);
  });
});
