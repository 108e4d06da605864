import { sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, settle, startApp } from "./test/harness";

let h: Harness;
let admin: string;
let member: string;
beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "root@club.test", name: "Root", admin: true, type: "Founding" });
  await addUser(h, { email: "mia@club.test", name: "Mia" });
  admin = await login(h, "root@club.test");
  member = await login(h, "mia@club.test");
  await settle(h);
});
afterAll(() => h.close());

const query = async (path: string, cookie: string) => {
  const res = await request(h, "GET", `/trpc/${path}`, undefined, cookie);
  return { status: res.statusCode, body: res.json() };
};
const retry = (input: { kind: string; id: string }, cookie: string) =>
  request(h, "POST", "/trpc/jobs.retry", { json: input }, cookie);

describe("the background jobs screen's procedures", () => {
  it("shows counts and a failure with its error, runs it again, and refuses what cannot be", async () => {
    // A housekeeping run that failed for good (the queue's own tests make real failures; here the
    // screen's side is what counts).
    const id = (await h.app.jobs.send("housekeeping", {}, { startAfter: 3600 }))!;
    await h.db.db.execute(
      sql`update pgboss.job set state = 'failed', output = '{"message":"store unreachable"}', start_after = now(), completed_on = now()
          where id = ${id}::uuid`,
    );

    const summary = await query("jobs.summary", admin);
    expect(summary.status).toBe(200);
    const housekeeping = summary.body.result.data.json.find((r: { kind: string }) => r.kind === "housekeeping");
    expect(housekeeping.states.failed).toBe(1);
    const failures = (await query("jobs.failures", admin)).body.result.data.json;
    expect(failures).toContainEqual(expect.objectContaining({ id, kind: "housekeeping", error: "store unreachable" }));

    // A member sees none of it; a job that has not failed is not run again.
    expect((await query("jobs.summary", member)).status).toBe(403);
    expect((await retry({ kind: "housekeeping", id }, member)).statusCode).toBe(403);
    const unknown = await retry({ kind: "housekeeping", id: "00000000-0000-4000-8000-000000000000" }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.json.message).toBe("No failed job with that id.");
    expect((await retry({ kind: "mail.send", id }, admin)).statusCode).toBe(404);

    const again = await retry({ kind: "housekeeping", id }, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.data.json.message).toBe("The job will run again shortly.");
    await expect.poll(() => stateOf(id), { timeout: 10_000, interval: 200 }).toBe("completed");
    expect((await query("jobs.failures", admin)).body.result.data.json).not.toContainEqual(
      expect.objectContaining({ id }),
    );
  });
});

/** A job's state as the queue keeps it. */
async function stateOf(id: string): Promise<string | undefined> {
  const result = (await h.db.db.execute(
    sql`select state::text as state from pgboss.job where id = ${id}::uuid`,
  )) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: { state: string }[] }).rows) as { state: string }[];
  return rows[0]?.state;
}
