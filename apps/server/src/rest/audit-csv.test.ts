import { operatorActor } from "@club/api";
import { auditLog } from "@club/db";
import { sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

describe("GET /api/admin/audit.csv", () => {
  let h: Harness;
  let root: string;
  let fay: string;
  beforeAll(async () => {
    h = await startApp();
    await addUser(h, { email: "root@club.test", name: "Root", type: "Founding", admin: true });
    await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
    root = await login(h, "root@club.test");
    fay = await login(h, "fay@club.test");
    // Their sign-ins are on the log too; this test is about the records below.
    await h.db.db.execute(sql`truncate audit_log`);
    // Written straight in, as recordAudit does, with text a member chose in a cell a spreadsheet would run.
    await h.db.db.insert(auditLog).values([
      {
        actorEmail: operatorActor.email,
        kind: "mail.group_sent",
        detail: { group: "all", subject: "Hi,=HYPERLINK(1)", recipients: 3 },
      },
      { actorEmail: "root@club.test", kind: "member.type_changed", targetEmail: "-x@club.test", ip: "10.0.0.1" },
    ]);
  });
  afterAll(() => h?.close());

  it("gives an admin the filtered records as CSV, with a header row and a file name, formulas made inert", async () => {
    const res = await request(h, "GET", "/api/admin/audit.csv", undefined, root);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename=audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe('"time","actor id","actor email","kind","target id","target email","ip","detail","sentence"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"member.type_changed","","\'-x@club.test","10.0.0.1"');
    // Split on "," by a spreadsheet that ignores quotes, the subject's formula would be a cell of its own.
    expect(lines[2]).toContain('""subject"":""Hi,\'=HYPERLINK(1)""');
    // The record in words, last: the raw columns keep their places.
    expect(lines[2]).toMatch(
      /"The operator \(command line\) sent “Hi,'=HYPERLINK\(1\)” to 3 members of All Members\."$/,
    );
    expect(lines[1]).toMatch(/"root@club.test changed the type of -x@club.test from \? to \?\."$/);
    const only = await request(h, "GET", "/api/admin/audit.csv?kind=mail.group_sent&actor=operator", undefined, root);
    expect(only.body.trim().split("\n")).toHaveLength(2);
  });

  it("refuses a member (403), a visitor (401), and a filter that is no filter (400)", async () => {
    expect((await request(h, "GET", "/api/admin/audit.csv", undefined, fay)).statusCode).toBe(403);
    expect((await request(h, "GET", "/api/admin/audit.csv")).statusCode).toBe(401);
    const bad = await request(h, "GET", "/api/admin/audit.csv?kind=nope", undefined, root);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Choose a kind of record from the list.");
  });
});
