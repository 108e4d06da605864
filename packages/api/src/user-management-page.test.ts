import type { SessionUser } from "@club/auth";
import { auditLog, rowsOf, sessions, users } from "@club/db";
import { eq, sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { memberPageRows } from "./domain/admin/user-management-page";
import { type TestApi, testApi } from "./test/api";
import { refusal } from "./test/refusal";

let api: TestApi;
let admin: SessionUser;
let member: SessionUser;
beforeAll(async () => {
  api = await testApi();
  admin = await api.member("alexandra@table.test", { admin: true, type: "Founding", name: "Alexandra Admin" });
  member = await api.member("mia@table.test", { name: "Mia Member" });
});
afterAll(() => api.close());

const page = (input?: Parameters<ReturnType<TestApi["callerFor"]>["users"]["page"]>[0]) =>
  api.callerFor(admin).users.page(input);

/** Members written straight into the table (no password hashing): the test is about the list. */
async function addMembers(prefix: string, n: number, values: Partial<typeof users.$inferInsert> = {}) {
  const rows = Array.from({ length: n }, (_, i) => ({
    name: `${prefix} ${String(i).padStart(5, "0")}`,
    email: `${prefix.toLowerCase().replace(/\W/g, "")}${i}@table.test`,
    passwordHash: "not-a-hash",
    ...values,
  }));
  for (let i = 0; i < rows.length; i += 1000) await api.db.insert(users).values(rows.slice(i, i + 1000));
}

describe("the User Management table", () => {
  it("is for admins only", async () => {
    expect(await refusal(api.callerFor(member).users.page())).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(api.callerFor(null).users.page())).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("filters by type, by admin right and by name or e-mail, together, and counts what matches", async () => {
    await addMembers("Filter Founding", 3, { type: "Founding" });
    await addMembers("Filter Host", 4, { type: "Travel Host" });
    await addMembers("Filter Host Admin", 2, { type: "Travel Host", admin: true });
    await addMembers("Filter Standard", 5);

    const hosts = await page({ search: "filter", type: "Travel Host" });
    expect(hosts.total).toBe(6);
    expect(hosts.members.every((m) => m.type === "Travel Host")).toBe(true);

    const hostAdmins = await page({ search: "filter", type: "Travel Host", admin: true });
    expect(hostAdmins.members.map((m) => m.name)).toEqual(["Filter Host Admin 00000", "Filter Host Admin 00001"]);
    expect(hostAdmins.total).toBe(2);

    const notAdmins = await page({ search: "filter", admin: false });
    expect(notAdmins.total).toBe(12);
    expect(notAdmins.members.some((m) => m.admin)).toBe(false);

    const admins = await page({ admin: true });
    expect(admins.members.map((m) => m.name)).toContain("Alexandra Admin");
    expect(admins.members.every((m) => m.admin)).toBe(true);

    // An e-mail matches as much as a name does; wildcards are taken literally.
    expect((await page({ search: "filterstandard3@" })).members.map((m) => m.name)).toEqual(["Filter Standard 00003"]);
    expect(await page({ search: "filter_%" })).toMatchObject({ members: [], total: 0 });
  });

  it("pages through 10,000 members by name: each once, in order, with the total, reading only the page", async () => {
    await addMembers("Paged", 10_000);
    const first = await page({ search: "paged" });
    expect(first).toMatchObject({ total: 10_000, page: 1, pageSize: 50 });
    expect(first.members).toHaveLength(50);
    expect(first.members[0]?.name).toBe("Paged 00000");

    const last = await page({ search: "paged", page: 200 });
    expect(last.members.map((m) => m.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Paged ${String(9950 + i).padStart(5, "0")}`),
    );
    expect((await page({ search: "paged", page: 201 })).members).toEqual([]);

    const seen = new Set<string>();
    for (let p = 1; p <= 100; p++) {
      const { members } = await page({ search: "paged", page: p, pageSize: 100 });
      expect(members).toHaveLength(100);
      for (const m of members) seen.add(m.user_id);
    }
    expect(seen.size).toBe(10_000);

    // The plan of the page query as it runs for page 100 of everyone: the rows come from the name
    // index and stop at the page's end, rather than every member being read and sorted first.
    await api.db.execute(sql`analyze users`);
    const plan = rowsOf(
      await api.db.execute(sql`explain ${memberPageRows(api.db, {}, 100, 50).getSQL()}`),
      z.object({ "QUERY PLAN": z.string() }),
    );
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Limit/);
    expect(text).toMatch(/Index Scan using users_name_idx/);
    expect(text).not.toMatch(/Seq Scan on users/);
  });

  it("shows when each member joined", async () => {
    const joined = new Date("2025-03-12T10:00:00Z");
    await api.db.update(users).set({ createdAt: joined }).where(eq(users.id, member.id));
    const [mia] = (await page({ search: "mia@table.test" })).members;
    expect(mia?.createdAt).toEqual(joined);
  });

  it("shows her last seen as the latest of her sessions' last use and her last sign-in", async () => {
    const lena = await api.member("lena@table.test", { name: "Lena Lastseen" });
    const seen = async () => (await page({ search: "lena@table.test" })).members[0]?.lastSeenAt;
    // Never signed in: nothing to show.
    expect(await seen()).toBeNull();

    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const session = (id: string, lastSeenAt: Date) =>
      api.db.insert(sessions).values({ id, userId: lena.id, lastSeenAt, expiresAt: new Date(Date.now() + 86_400_000) });
    await api.db.insert(auditLog).values({ kind: "sign_in.succeeded", actorId: lena.id, at: hoursAgo(30) });
    expect(await seen()).toEqual(hoursAgo(30));

    // Two browsers: the later one counts.
    await session("lena-phone", hoursAgo(5));
    await session("lena-laptop", hoursAgo(3));
    expect(await seen()).toEqual(hoursAgo(3));

    // Her sessions end (she signed out, or an admin changed her type): her last sign-in remains.
    await api.db.delete(sessions).where(eq(sessions.userId, lena.id));
    expect(await seen()).toEqual(hoursAgo(30));

    // Another member's sessions and sign-ins, and other records about her, are not hers.
    await api.db.insert(auditLog).values({ kind: "sign_in.succeeded", actorId: member.id, at: hoursAgo(1) });
    await api.db.insert(auditLog).values({ kind: "member.type_changed", actorId: lena.id, at: hoursAgo(1) });
    expect(await seen()).toEqual(hoursAgo(30));
  });

  it("refuses a bad filter or page with a message saying what is wrong", async () => {
    const bad = async (input: unknown) => refusal(page(input as Parameters<typeof page>[0]));
    expect(await bad({ page: 0 })).toMatchObject({ code: "BAD_REQUEST", message: "Pages are numbered from 1." });
    expect(await bad({ page: 1.5 })).toMatchObject({ code: "BAD_REQUEST", message: "Pages are numbered 1, 2, 3…" });
    expect(await bad({ pageSize: 1000 })).toMatchObject({
      code: "BAD_REQUEST",
      message: "A page shows 10 to 100 members.",
    });
    expect(await bad({ type: "Gold" })).toMatchObject({
      code: "BAD_REQUEST",
      message: "Filter by Founding, Standard or Travel Host.",
    });
    expect(await bad({ admin: "yes" })).toMatchObject({
      code: "BAD_REQUEST",
      message: "Filter admins with true, the other members with false.",
    });
    expect(await bad({ search: "x".repeat(201) })).toMatchObject({
      code: "BAD_REQUEST",
      message: "Search for at most 200 characters.",
    });
  });
});
