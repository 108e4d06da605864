import type { SessionUser } from "@club/auth";
import { sql } from "@club/db/orm";
import type { AuditKind } from "@club/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditRecords, listAudit } from "./domain/audit/list";
import { operatorActor, recordAudit } from "./domain/audit/record";
import { type TestApi, testApi } from "./test/api";

// Reading the audit log: audit.list (names joined as it is read, filters, pages) and its export.
// What each act records is audit.test.ts.

let api: TestApi;
let admin: SessionUser;
let ann: SessionUser;
const IP = "127.0.0.1";

beforeAll(async () => {
  api = await testApi();
  admin = await api.member("root@club.test", { admin: true, type: "Founding" });
  ann = await api.member("ann@club.test", { type: "Standard" });
});
afterAll(() => api.close());

/** Each test starts from an empty log (the table's owner may empty it; rows are never changed or removed one by one). */
beforeEach(async () => {
  await api.db.execute(sql`truncate audit_log`);
});

describe("audit.list", () => {
  const zone = "America/New_York";

  it("names the members a record speaks of as they are now; a member deleted since has no name", async () => {
    const gone = "0d0d0d0d-0000-4000-8000-000000000000";
    await recordAudit(
      api.db,
      { id: admin.id, email: admin.email, ip: IP },
      {
        kind: "passkey.removed",
        targetId: ann.id,
        targetEmail: ann.email,
        detail: { name: "MacBook" },
      },
    );
    await recordAudit(
      api.db,
      { id: gone, email: "gone@club.test", ip: IP },
      {
        kind: "member.type_changed",
        targetId: gone,
        targetEmail: "gone@club.test",
        detail: { from: "Standard", to: "Founding" },
      },
    );
    await recordAudit(
      api.db,
      { id: admin.id, email: admin.email, ip: IP },
      {
        kind: "api_token.revoked",
        targetId: "11111111-0000-4000-8000-000000000000",
        targetEmail: ann.email,
        detail: { name: "CI", scope: "read" },
      },
    );
    const page = await api.callerFor(admin).audit.list();
    expect(page.items.map((r) => [r.kind, r.actorName, r.targetName])).toEqual([
      ["api_token.revoked", admin.name, ann.name],
      ["member.type_changed", null, null],
      ["passkey.removed", admin.name, ann.name],
    ]);
  });
  async function at(iso: string, kind: AuditKind, email: string, id: string | null = null) {
    await recordAudit(api.db, { id, email, ip: null }, { kind, targetId: iso });
    await api.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await api.db.execute(sql`update audit_log set at = ${iso}::timestamptz where target_id = ${iso}`);
    await api.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  }

  it("filters by actor (part of the e-mail, or her id), kind and the club's days", async () => {
    await at("2026-03-01T04:30:00Z", "mail.group_sent", "root@club.test", admin.id); // Feb 28 in New York
    await at("2026-03-01T06:00:00Z", "event.deleted", "root@club.test", admin.id); // Mar 1
    await at("2026-03-02T12:00:00Z", "mail.group_sent", "other@club.test");
    const ids = async (f: Parameters<typeof listAudit>[2]) =>
      (await listAudit(api.db, zone, f)).items.map((r) => r.targetId);
    expect(await ids({ actor: "ROOT@" })).toEqual(["2026-03-01T06:00:00Z", "2026-03-01T04:30:00Z"]);
    expect(await ids({ actor: admin.id })).toHaveLength(2);
    expect(await ids({ kind: "mail.group_sent" })).toEqual(["2026-03-02T12:00:00Z", "2026-03-01T04:30:00Z"]);
    expect(await ids({ from: "2026-03-01", to: "2026-03-01" })).toEqual(["2026-03-01T06:00:00Z"]);
    expect(await ids({ to: "2026-02-28" })).toEqual(["2026-03-01T04:30:00Z"]);
    expect(await ids({ actor: "%" })).toEqual([]);
  });

  it("filters by the person a record is about: who acted or whom it was done to, by name or address", async () => {
    await api.db.execute(sql`update users set name = 'Annabel Quist' where id = ${ann.id}`);
    await recordAudit(
      api.db,
      { id: null, email: null, ip: IP },
      { kind: "sign_in.failed", targetId: ann.id, targetEmail: ann.email },
    );
    await recordAudit(api.db, { id: ann.id, email: ann.email, ip: IP }, { kind: "passkey.added", targetId: ann.id });
    await recordAudit(
      api.db,
      { id: admin.id, email: admin.email, ip: IP },
      { kind: "sessions.ended", targetId: admin.id },
    );
    const kinds = async (actor: string) => (await listAudit(api.db, zone, { actor })).items.map((r) => r.kind);
    expect(await kinds("annabel q")).toEqual(["passkey.added", "sign_in.failed"]);
    expect(await kinds("ann@club")).toEqual(["passkey.added", "sign_in.failed"]);
    expect(await kinds(ann.id)).toEqual(["passkey.added", "sign_in.failed"]);
    expect(await kinds("nobody by that name")).toEqual([]);
  });

  it("pages newest first with Older and Newer cursors", async () => {
    for (let i = 0; i < 5; i++) await recordAudit(api.db, operatorActor, { kind: "sessions.ended", targetId: `${i}` });
    const caller = api.callerFor(admin);
    const first = await caller.audit.list({ limit: 2 });
    expect(first.items.map((r) => r.targetId)).toEqual(["4", "3"]);
    expect(first.newer).toBeNull();
    const second = await caller.audit.list({ limit: 2, before: first.older! });
    expect(second.items.map((r) => r.targetId)).toEqual(["2", "1"]);
    const third = await caller.audit.list({ limit: 2, before: second.older! });
    expect(third.items.map((r) => r.targetId)).toEqual(["0"]);
    expect(third.older).toBeNull();
    const back = await caller.audit.list({ limit: 2, after: third.newer! });
    expect(back.items.map((r) => r.targetId)).toEqual(["2", "1"]);
    const top = await caller.audit.list({ limit: 2, after: back.newer! });
    expect(top.items.map((r) => r.targetId)).toEqual(["4", "3"]);
    expect(top.newer).toBeNull();
  });

  it("is for admins; a member is refused, an unknown kind or a day that is none is a 400", async () => {
    await expect(api.callerFor(ann).audit.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api.callerFor(admin).audit.list({ kind: "nope" as AuditKind })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(api.callerFor(admin).audit.list({ from: "2026-02-30" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("exports every matching record, a page at a time, only to admins", async () => {
    for (let i = 0; i < 7; i++) await recordAudit(api.db, operatorActor, { kind: "sessions.ended", targetId: `${i}` });
    // Pages of three through the procedure, as the CSV export reads them (of 500).
    const exported = (who: typeof admin, filter: { to?: string; actor?: string } = {}) =>
      auditRecords((before) => api.callerFor(who).audit.list({ ...filter, before, limit: 3 }));
    const seen: string[] = [];
    for await (const r of await exported(admin)) seen.push(r.targetId ?? "");
    expect(seen).toEqual(["6", "5", "4", "3", "2", "1", "0"]);
    const whole: string[] = [];
    for await (const r of await auditRecords((before) => listAudit(api.db, zone, { before, limit: 100 })))
      whole.push(r.targetId ?? "");
    expect(whole).toEqual(seen);
    await expect(exported(ann)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("refuses days the log cannot hold, and NUL characters, before the export starts", async () => {
    // A far day once made an invalid bound (the day after 9999-12-31) and a 500.
    await expect(api.callerFor(admin).audit.list({ to: "9999-12-31" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const exported = (filter: { to?: string; actor?: string }) =>
      auditRecords((before) => api.callerFor(admin).audit.list({ ...filter, before }));
    await expect(exported({ to: "9999-12-31" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // Postgres refuses a NUL in text; the export once sent 200 and then failed.
    await expect(exported({ actor: "a\u0000b" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
