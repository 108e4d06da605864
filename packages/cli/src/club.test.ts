import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createDb, mailOutbox } from "@club/db";
import { eq } from "@club/db/orm";
import { discardJobs } from "@club/jobs";
import { enqueueMail } from "@club/mail";
import { buildApp } from "@club/server";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "club-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs the CLI as users do, the built bundle with plain node (turbo builds it before this test;
 * alone: `pnpm --filter @club/cli build`), as a separate process on its own embedded database.
 * From source through tsx each run took twice as long (5.8 s against 2.6 s).
 */
async function club(...args: string[]) {
  return clubIn(dataDir, ...args);
}

const bundle = join(import.meta.dirname, "../dist/club.js");
if (!existsSync(bundle)) throw new Error("Build the CLI first: pnpm --filter @club/cli build");

async function clubIn(dir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bundle, ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", SMTP_URL: "", CLUB_URL: "", CLUB_TOKEN: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("club CLI", () => {
  it("seeds the demo data idempotently", async () => {
    const first = await club("seed", "--demo");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("admin@club.local");
    expect(first.stdout).toMatch(/Invitation code: [A-Z0-9]{16}/);
    const again = await club("seed", "--demo");
    expect(again.stdout).toContain("nothing changed");
  }, 60_000);

  it("creates users and explains bad input: exit 1 for usage, 2 for failures", async () => {
    const ok = await club(
      "user",
      "create",
      "--email",
      "Ada@Example.com",
      "--password",
      "secret1",
      "--name",
      "Ada",
      "--type",
      "Travel Host",
    );
    expect(ok.stdout).toContain("Created ada@example.com (Travel Host)");
    const dup = await club("user", "create", "--email", "ada@example.com", "--password", "secret1", "--name", "Ada");
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain("already exists");
    const short = await club("user", "create", "--email", "b@example.com", "--password", "abc", "--name", "B");
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("password: Password must be 6 to 30 characters.");
    const usage = await club("user", "create", "--email", "c@example.com");
    expect(usage.code).toBe(1);
  }, 60_000);

  it("creates and lists invitation codes and reads the outbox", async () => {
    const created = await club("invite-code", "create", "--uses", "3");
    const code = created.stdout.trim();
    expect(code).toMatch(/^[A-Z0-9]{16}$/);
    const list = await club("invite-code", "list");
    expect(list.stdout).toContain(`…${code.slice(-4)}  active    3 of 3 left`);
    expect((await club("mail", "list")).stdout).toContain("The outbox is empty.");
    expect((await club("mail", "show", "nope")).code).toBe(2);
  }, 60_000);

  it("seeds from a file, and a second run changes nothing", async () => {
    const seed = join(import.meta.dirname, "test/seed.yaml");
    const first = await club("seed", "--file", seed, "--json");
    expect(first.stderr).toBe("");
    expect(JSON.parse(first.stdout)).toEqual({
      created: { users: 2, invitationCodes: 1, events: 1, participants: 2, comments: 2, media: 1 },
      skipped: 0,
    });
    const second = JSON.parse((await club("seed", "--file", seed, "--json")).stdout);
    expect(second.created).toEqual({ users: 0, invitationCodes: 0, events: 0, participants: 0, comments: 0, media: 0 });
    expect(second.skipped).toBe(7);
    expect((await club("invite-code", "list")).stdout).toContain("…0001  active    5 of 5 left");
  }, 90_000);

  it("names the bad entry of a broken seed file", async () => {
    const bad = join(dataDir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({
        invitationCodes: [{ code: "SEED-CODE-0002", expires: "2030-02-30" }],
        events: [
          { slug: "ok-one" },
          { slug: "Bad Slug", start_time: "25:00" },
          { slug: "leap", event_date: "2027-02-29" },
        ],
      }),
    );
    const res = await club("seed", "--file", bad);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("events[1].slug: A slug is lower-case letters, digits and hyphens.");
    expect(res.stderr).toContain("events[1].start_time: Times must look like 16:00.");
    expect(res.stderr).toContain("events[2].event_date: The date must be a real day, like 2026-12-31.");
    expect(res.stderr).toContain("invitationCodes[0].expires: The date must be a real day");
    const code = await club("invite-code", "create", "--expires", "2030-02-30");
    expect(code.code).toBe(1);
    expect(code.stderr).toContain("The date must be a real day");
    writeFileSync(bad, "{ not json");
    expect((await club("seed", "--file", bad)).stderr).toContain("is not valid JSON");
    const late = join(dataDir, "late.json");
    writeFileSync(late, JSON.stringify({ events: [{ slug: "late-one", participants: ["ghost@seed.test"] }] }));
    expect((await club("seed", "--file", late)).stderr).toContain(
      "events[0] (late-one).participants[0]: no member with the e-mail ghost@seed.test.",
    );
  }, 60_000);

  it("reads and retries the outbox while the server holds the embedded database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "club-cli-running-"));
    const db = await createDb({ pgliteDir: join(dir, "pglite"), processName: "club server (test)" });
    await db.migrate();
    const [id] = await enqueueMail(db.db, discardJobs, [
      {
        to: "kim@club.test",
        subject: "Welcome",
        html: '<p><a href="http://club.test/register/tok123">Register</a></p>',
      },
    ]);
    await db.db
      .update(mailOutbox)
      .set({ status: "failed", lastError: "550 no such mailbox" })
      .where(eq(mailOutbox.id, id!));
    const app = await buildApp(
      {
        port: 0,
        host: "127.0.0.1",
        appOrigin: "http://club.test",
        tempPassword: "Temp-Pass-1",
        timeZone: "UTC",
        dataDir: dir,
        mailFrom: "club@club.test",
        logLevel: "silent",
        maxUploadBytes: 1024 * 1024,
        shutdownGraceMs: 5000,
      },
      { db, workers: false, logger: false, operatorSocket: true },
    );
    try {
      // The server holds the database: a command that needs it says who holds it...
      const locked = await clubIn(dir, "invite-code", "list");
      expect(locked.code).toBe(2);
      expect(locked.stderr).toContain("club server (test)");
      // ...while the mail commands ask the server.
      const list = await clubIn(dir, "mail", "list", "--status", "failed");
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain("kim@club.test  Welcome");
      const show = await clubIn(dir, "mail", "show", id!);
      expect(show.stdout).toContain("Last error: 550 no such mailbox");
      expect(show.stdout).toContain("http://club.test/register/tok123");
      expect((await clubIn(dir, "mail", "retry", id!)).stdout).toContain("will be sent again");
      expect((await clubIn(dir, "mail", "list", "--status", "pending")).stdout).toContain("kim@club.test");
      // The job queue too: the retried message has a job waiting (no worker runs in this test).
      const queue = await clubIn(dir, "jobs", "list");
      expect(queue.code, queue.stderr).toBe(0);
      expect(queue.stdout).toMatch(/mail\.send\s+created 1/);
      expect(queue.stdout).toContain("No job has failed.");
    } finally {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
