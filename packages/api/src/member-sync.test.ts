import type { SessionUser } from "@club/auth";
import { deletedRows, users } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETIONS_TOO_OLD } from "./domain/admin/member-changes";
import { deleteExpiredRecords } from "./domain/admin/retention";
import { type TestApi, testApi } from "./test/api";
import { databaseNow } from "./test/database-now";
import { refusal } from "./test/refusal";

// A sync (a CRM, a mailing tool) asks the members' list what changed since its last ask, and who
// went: `users.list` with `updated_since` (and `after` for the next page), `users.deleted`.

let api: TestApi;
let admin: SessionUser;
let member: SessionUser;
beforeAll(async () => {
  api = await testApi();
  admin = await api.member("ada@sync.test", { admin: true, name: "Ada Admin" });
  member = await api.member("mia@sync.test", { name: "Mia Member" });
});
afterAll(() => api.close());

const changes = (input: { updated_since: Date; after?: string; limit?: number; search?: string }) =>
  api.callerFor(admin).users.list(input);

describe("what changed in the members' list since a moment", () => {
  it("lists who joined or changed what the list shows, oldest change first, and not who only visited or chose settings", async () => {
    const asked = await databaseNow(api.db);
    const joined = await api.member("june@sync.test", { name: "June Joined" });
    // What the list does not show: her home visit, her mail settings, her password.
    await api.db
      .update(users)
      .set({ homeSeenAt: new Date(), mailGroup: false, passwordHash: "another" })
      .where(eq(users.id, member.id));
    expect((await changes({ updated_since: asked })).map((m) => m.name)).toEqual(["June Joined"]);

    // What it shows: a name an admin changed, an admin right given.
    await api.callerFor(admin).users.update({ userId: member.id, name: "Mia Renamed" });
    const listed = await changes({ updated_since: asked });
    expect(listed.map((m) => m.name)).toEqual(["June Joined", "Mia Renamed"]);
    expect(listed[1]?.updated_at.getTime()).toBeGreaterThanOrEqual(listed[0]?.updated_at.getTime() ?? 0);
    expect(listed[0]).toMatchObject({ user_id: joined.id, email: "june@sync.test", type: "Standard", admin: false });

    // Set to what it was, nothing changed: the row is not listed again from then on.
    const later = await databaseNow(api.db);
    await api.callerFor(admin).users.update({ userId: member.id, name: "Mia Renamed" });
    expect(await changes({ updated_since: later })).toEqual([]);
  });

  it("pages by the last row's time and id: every change once, even when many share one moment", async () => {
    const asked = await databaseNow(api.db);
    // One statement: all eleven carry the very same `updated_at`.
    await api.db.insert(users).values(
      Array.from({ length: 11 }, (_, i) => ({
        name: `Batch ${String(i).padStart(2, "0")}`,
        email: `batch${i}@sync.test`,
        passwordHash: "not-a-hash",
      })),
    );
    const seen: string[] = [];
    let page = await changes({ updated_since: asked, limit: 4, search: "Batch" });
    // At most ten asks: a page that began again at its own rows would otherwise loop for ever.
    for (let asks = 0; page.length > 0 && asks < 10; asks += 1) {
      seen.push(...page.map((m) => m.name));
      const last = page.at(-1)!;
      page = await changes({ updated_since: last.updated_at, after: last.user_id, limit: 4, search: "Batch" });
    }
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
  });

  it("is an admin's, and refuses a page asked for in words that cannot work", async () => {
    const since = new Date(Date.now() - 60_000);
    expect(await refusal(api.callerFor(member).users.list({ updated_since: since }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await refusal(api.callerFor(member).users.deleted({ since }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(api.callerFor(admin).users.list({ after: member.id }))).toEqual({
      code: "BAD_REQUEST",
      message: "after goes with updated_since.",
    });
    expect(await refusal(api.callerFor(admin).users.list({ updated_since: since, offset: 10 }))).toEqual({
      code: "BAD_REQUEST",
      message: "A list of changes is paged with after (the last member's user_id), not offset.",
    });
    expect(await refusal(api.callerFor(admin).users.list({ updated_since: "yesterday" as unknown as Date }))).toEqual({
      code: "BAD_REQUEST",
      message: "updated_since must be a real day, like 2027-01-31 or 2027-01-31T18:00:00Z.",
    });
  });
});

describe("who was deleted since a moment", () => {
  it("tells each deleted member's id and when, however she went, and nothing else of hers", async () => {
    const asked = await databaseNow(api.db);
    const leaving = await api.member("lea@sync.test", { name: "Lea Leaving" });
    const removed = await api.member("rob@sync.test", { name: "Rob Removed" });
    await api.callerFor(admin).users.delete({ userId: removed.id });
    // Gone another way (the command line, a cascade): the table's own trigger tells it too.
    await api.db.delete(users).where(eq(users.id, leaving.id));
    const gone = await api.callerFor(admin).users.deleted({ since: asked });
    expect(gone.map((g) => g.user_id)).toEqual([removed.id, leaving.id]);
    expect(Object.keys(gone[0] ?? {}).sort()).toEqual(["deleted_at", "user_id"]);
    // Neither is in the list of changes any more.
    const ids = (await changes({ updated_since: asked })).map((m) => m.user_id);
    expect(ids).not.toContain(removed.id);
    expect(ids).not.toContain(leaving.id);
  });

  it("refuses a moment further back than deletions are kept, saying what to do; housekeeping forgets them then", async () => {
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    expect(await refusal(api.callerFor(admin).users.deleted({ since: longAgo }))).toEqual({
      code: "BAD_REQUEST",
      message: DELETIONS_TOO_OLD,
    });
    const old = await api.member("old@sync.test");
    await api.db.delete(users).where(eq(users.id, old.id));
    await api.db
      .update(deletedRows)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(deletedRows.id, old.id));
    expect((await deleteExpiredRecords(api.db)).deletedRows).toBe(1);
    expect(await api.db.select().from(deletedRows).where(eq(deletedRows.id, old.id))).toEqual([]);
  });
});
