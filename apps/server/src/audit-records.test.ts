import { auditLog } from "@club/db";
import { and, eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, cookieFrom, type Harness, ORIGIN, request, settle, startApp } from "./test/harness";

// Issue 36's records, over HTTP as a browser makes them: a sign-in (how, the browser, the address;
// once per sign-in, not per request), and a data export asked for and each download of it.

let h: Harness;
let ada: { id: string; email: string };
const FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0";

const recordsOf = (kind: string) =>
  h.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), eq(auditLog.targetId, ada.id)))
    .orderBy(auditLog.id);

beforeAll(async () => {
  h = await startApp();
  const made = await addUser(h, { email: "ada@club.test", name: "Ada Lovelace" });
  ada = { id: made.id, email: made.email };
});
afterAll(() => h.close());

async function signIn(password = "password1") {
  return h.app.inject({
    method: "POST",
    url: "/login",
    headers: { origin: ORIGIN, "user-agent": FIREFOX },
    payload: { email: "ada@club.test", password },
  });
}

describe("the audit log records", () => {
  it("a password sign-in once, with the method, the browser and the address; not the requests after it", async () => {
    const before = (await recordsOf("sign_in.succeeded")).length;
    const res = await signIn();
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    for (let i = 0; i < 3; i++)
      expect((await request(h, "GET", "/trpc/auth.me", undefined, cookie)).statusCode).toBe(200);
    const records = await recordsOf("sign_in.succeeded");
    expect(records).toHaveLength(before + 1);
    expect(records.at(-1)).toMatchObject({
      actorId: ada.id,
      actorEmail: "ada@club.test",
      targetEmail: "ada@club.test",
      ip: "127.0.0.1",
      detail: { method: "password", browser: "Firefox 133 on macOS" },
    });
  });

  it("no sign-in for a wrong password", async () => {
    const before = (await recordsOf("sign_in.succeeded")).length;
    expect((await signIn("wrong-password")).statusCode).toBe(401);
    expect(await recordsOf("sign_in.succeeded")).toHaveLength(before);
  });

  it("a data export asked for, and each download of it", async () => {
    const cookie = cookieFrom(await signIn());
    const asked = await request(h, "POST", "/trpc/dataExport.request", {}, cookie);
    expect(asked.statusCode).toBe(200);
    const id = asked.json().result.data.json.id as string;
    expect(await recordsOf("data_export.requested")).toMatchObject([
      { actorId: ada.id, targetEmail: "ada@club.test", detail: { exportId: id } },
    ]);
    await settle(h);
    // Not ready, or another's: no download, no record.
    expect(await recordsOf("data_export.downloaded")).toHaveLength(0);
    const url = `/api/me/data-export/${id}`;
    expect((await request(h, "GET", url, undefined, cookie)).statusCode).toBe(200);
    expect((await request(h, "GET", url, undefined, cookie)).statusCode).toBe(200);
    const downloads = await recordsOf("data_export.downloaded");
    expect(downloads).toHaveLength(2);
    expect(downloads[0]).toMatchObject({ actorId: ada.id, ip: "127.0.0.1", detail: { exportId: id } });
    expect(downloads[0]!.detail.bytes).toBeGreaterThan(0);
    expect((await request(h, "GET", "/api/me/data-export/not-an-id", undefined, cookie)).statusCode).toBe(404);
    expect(await recordsOf("data_export.downloaded")).toHaveLength(2);
  });
});
