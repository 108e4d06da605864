import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, events, mailOutbox } from "@club/db";
import { eq } from "@club/db/orm";
import { discardJobs } from "@club/jobs";
import { enqueueMail } from "@club/mail";
import { afterAll, describe, expect, it } from "vitest";
import { clubHere, clubIn, migratedDataDir, startServer } from "./test/cli";

const dataDir = mkdtempSync(join(tmpdir(), "club-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The CLI on this file's own embedded database, run in this process (test/cli.ts says why). */
const club = (...args: string[]) => clubHere(dataDir, ...args);

describe("club CLI", () => {
  it("seeds the demo data idempotently", async () => {
    const first = await club("seed", "--demo");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("admin@club.local");
    expect(first.stdout).toMatch(/Invitation code: [A-Z0-9]{16}/);
    const again = await club("seed", "--demo");
    expect(again.stdout).toContain("nothing changed");
    // About 8 s alone; the first run migrates a new database and makes every demo photo, portrait
    // and the video's poster, and beside the browser tests on two cores it once took a minute.
  }, 180_000);

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

  it("deletes an account only with --yes; her e-mail can be used again", async () => {
    const made = await club("user", "create", "--email", "gone@example.com", "--password", "secret1", "--name", "Gone");
    expect(made.code).toBe(0);
    const unsure = await club("user", "delete", "--email", "gone@example.com");
    expect(unsure.code).toBe(2);
    expect(unsure.stderr).toContain("Run it again with --yes");
    const done = await club("user", "delete", "--email", "Gone@Example.com", "--yes");
    expect(done.stderr).toBe("");
    expect(done.stdout).toContain("Deleted gone@example.com: 0 comments and 0 media items kept as a former member's.");
    expect((await club("user", "delete", "--email", "gone@example.com", "--yes")).stderr).toContain("No member");
    const again = await club(
      "user",
      "create",
      "--email",
      "gone@example.com",
      "--password",
      "secret1",
      "--name",
      "Back",
    );
    expect(again.code).toBe(0);
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
    // The file's two participants: Mia, and the admin who hosts it (seated with her event).
    expect(JSON.parse(first.stdout)).toEqual({
      created: { users: 2, invitationCodes: 1, events: 1, participants: 1, comments: 2, media: 1, homes: 1, stays: 1 },
      skipped: 0,
      differs: [],
      updated: [],
      // On this machine's database every author is kept: nothing to warn of.
      warnings: [],
    });
    const second = JSON.parse((await club("seed", "--file", seed, "--json")).stdout);
    expect(second.created).toEqual({
      users: 0,
      invitationCodes: 0,
      events: 0,
      participants: 0,
      comments: 0,
      media: 0,
      homes: 0,
      stays: 0,
    });
    expect(second.skipped).toBe(9);
    expect(second.differs).toEqual([]);
    expect((await club("invite-code", "list")).stdout).toContain("…0001  active    5 of 5 left");
  }, 90_000);

  it("seeds a repeating event as one event per date, found again by its first date's slug", async () => {
    const dir = await migratedDataDir("club-cli-series-");
    try {
      const seed = join(dir, "series.yaml");
      writeFileSync(
        seed,
        [
          "users:",
          "  - { email: ann@seed.test, name: Ann, password: seed-pass-1, admin: true }",
          "events:",
          '  - { slug: book-circle, title: Book circle, event_date: 2027-01-12, start_time: "18:00", repeat: "FREQ=MONTHLY;BYDAY=2TU;COUNT=3" }',
          "",
        ].join("\n"),
      );
      const first = await clubHere(dir, "seed", "--file", seed, "--json");
      expect(first.stderr).toBe("");
      expect(JSON.parse(first.stdout).created.events).toBe(1);
      expect(JSON.parse((await clubHere(dir, "seed", "--file", seed, "--json")).stdout).created.events).toBe(0);
      const db = await createDb({ pgliteDir: join(dir, "pglite") });
      try {
        const made = await db.db
          .select({ slug: events.slug, day: events.eventDate, series: events.seriesId })
          .from(events)
          .orderBy(events.eventDate);
        expect(made.map((e) => [e.slug, e.day])).toEqual([
          ["book-circle", "2027-01-12"],
          ["book-circle-2027-02-09", "2027-02-09"],
          ["book-circle-2027-03-09", "2027-03-09"],
        ]);
        expect(new Set(made.map((e) => e.series)).size).toBe(1);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("reports entries that differ from the file, and changes them with --update", async () => {
    const changed = join(dataDir, "changed.yaml");
    writeFileSync(
      changed,
      `users:
  - { email: mia@seed.test, name: Mia Changed, password: seed-pass-1, type: Founding }
events:
  - { slug: spring-salon, title: Spring Soiree, event_date: "2027-04-18", city: Cambridge }
media:
  - { file: ${join(import.meta.dirname, "test/clip.mp4")}, name: Salon teaser, tags: [salon, teaser], event: spring-salon }
`,
    );
    const reported = await club("seed", "--file", changed);
    expect(reported.code, reported.stderr).toBe(0);
    expect(reported.stdout).toBe(
      [
        "users[0] (mia@seed.test) differs: name, type",
        "events[0] (spring-salon) differs: title, city",
        "media[0] (Salon teaser) differs: tags",
        "Seeded: 0 users, 0 invitationCodes, 0 events, 0 participants, 0 comments, 0 media, 0 homes, 0 stays; 0 already present; 3 differ (run with --update to apply).",
        "",
      ].join("\n"),
    );
    const updated = await club("seed", "--file", changed, "--update");
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toContain("events[0] (spring-salon) updated: title, city");
    expect(updated.stdout).toContain("; 0 already present; 3 updated.");
    const after = await club("seed", "--file", changed);
    expect(after.stdout).toBe(
      "Seeded: 0 users, 0 invitationCodes, 0 events, 0 participants, 0 comments, 0 media, 0 homes, 0 stays; 3 already present.\n",
    );
    // What the changed file leaves out was kept: against the first file, only what it changed differs.
    const original = await club("seed", "--file", join(import.meta.dirname, "test/seed.yaml"), "--json");
    expect(JSON.parse(original.stdout).differs).toEqual([
      { entry: "users[1] (mia@seed.test)", fields: ["name", "type"] },
      { entry: "events[0] (spring-salon)", fields: ["title", "city"] },
      { entry: "media[0] (Salon teaser)", fields: ["tags"] },
    ]);
  }, 120_000);

  it("checks a file with --check without opening the database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "club-cli-check-"));
    try {
      const example = join(import.meta.dirname, "test/seed.yaml");
      const good = await clubHere(dir, "seed", "--check", "--file", example);
      expect(good.code, good.stderr).toBe(0);
      expect(good.stdout).toBe(
        `${example} is valid: 2 users, 1 invitation codes, 1 events, 1 media, 1 homes, 1 stays (its media files found; members and events not in the file are looked up with --url and --token).\n`,
      );
      const typo = join(dir, "typo.yaml");
      writeFileSync(typo, "events:\n  - slug: spring-salon\n    titel: Spring Salon\n    event_date: 2026-02-30\n");
      const bad = await clubHere(dir, "seed", "--check", "--file", typo);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toBe(
        [
          `club: ${typo} has 2 errors; nothing was written.`,
          `${typo}:3:5: events[0].titel: Unknown key "titel".`,
          `${typo}:4:17: events[0].event_date: The date must be a real day, like 2026-12-31.`,
          "",
        ].join("\n"),
      );
      expect(existsSync(join(dir, "pglite"))).toBe(false);
      expect((await clubHere(dir, "seed", "--check", "--update", "--file", typo)).code).toBe(1);
      // A repeating event's rule is read as the server reads it, and refused with its line.
      const endless = join(dir, "endless.yaml");
      writeFileSync(
        endless,
        "events:\n  - slug: walk\n    title: Walk\n    event_date: 2027-01-02\n    repeat: FREQ=WEEKLY;BYDAY=SA\n",
      );
      const unbounded = await clubHere(dir, "seed", "--check", "--file", endless);
      expect(unbounded.code).toBe(2);
      expect(unbounded.stderr).toContain(
        `${endless}:5:13: events[0].repeat: A repeating event needs an end: a number of times (COUNT, at most 200) or a last date (UNTIL).`,
      );
      // Each rule's own mistake in its own words, beside the file's other mistakes.
      const several = join(dir, "several.yaml");
      writeFileSync(
        several,
        [
          "events:",
          "  - { slug: a, title: A, event_date: 2027-01-02, repeat: FREQ=FORTNIGHTLY;COUNT=4 }",
          "  - { slug: b, titel: B }",
          "  - { slug: c, title: C, event_date: 2027-01-02, repeat: FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31;COUNT=3 }",
          "",
        ].join("\n"),
      );
      const mistakes = await clubHere(dir, "seed", "--check", "--file", several);
      expect(mistakes.code).toBe(2);
      expect(mistakes.stderr).toBe(
        [
          `club: ${several} has 3 errors; nothing was written.`,
          `${several}:2:58: events[0].repeat: FORTNIGHTLY is not a frequency; use WEEKLY with INTERVAL=2.`,
          `${several}:3:16: events[1].titel: Unknown key "titel".`,
          `${several}:4:58: events[2].repeat: This repeat rule gives no date in the 20 years from the event's date, 2027-01-02.`,
          "",
        ].join("\n"),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("writes nothing on the database when an entry fails half-way, media files included", async () => {
    const dir = await migratedDataDir("club-cli-atomic-");
    try {
      const notVideo = join(dir, "broken.mp4");
      writeFileSync(notVideo, "not a video");
      const seed = join(dir, "half.yaml");
      const clip = join(import.meta.dirname, "test/clip.mp4");
      writeFileSync(
        seed,
        `users:
  - { email: ann@seed.test, name: Ann, password: seed-pass-1, admin: true }
events:
  - { slug: half-way, title: Half Way }
media:
  - { file: ${clip}, name: Fine clip }
  - { file: ${notVideo}, name: Broken clip }
`,
      );
      const failed = await clubHere(dir, "seed", "--file", seed);
      expect(failed.code).toBe(2);
      expect(failed.stderr).toBe(
        `club: ${seed}:7:5: media[1] (Broken clip): Only photos (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, WebM, QuickTime) can be uploaded.\nNothing was written (the run is one transaction).\n`,
      );
      // The clip stored before the failure is gone with the rows.
      const stored = readdirSync(join(dir, "media"), { recursive: true, withFileTypes: true }).filter((f) =>
        f.isFile(),
      );
      expect(stored).toEqual([]);
      writeFileSync(seed, "users:\n  - { email: ann@seed.test, name: Ann, password: seed-pass-1, admin: true }\n");
      expect(JSON.parse((await clubHere(dir, "seed", "--file", seed, "--json")).stdout).created.users).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
    expect(res.stderr).toBe(
      [
        `club: ${bad} has 4 errors; nothing was written.`,
        `${bad}:1:56: invitationCodes[0].expires: The date must be a real day, like 2027-01-31 or 2027-01-31T18:00:00Z.`,
        `${bad}:1:107: events[1].slug: A slug is lower-case letters, digits and hyphens.`,
        `${bad}:1:131: events[1].start_time: Times must look like 16:00.`,
        `${bad}:1:168: events[2].event_date: The date must be a real day, like 2026-12-31.`,
        "",
      ].join("\n"),
    );
    const code = await club("invite-code", "create", "--expires", "2030-02-30");
    expect(code.code).toBe(1);
    expect(code.stderr).toContain("The date must be a real day");
    writeFileSync(bad, "{ not json");
    expect((await club("seed", "--file", bad)).stderr).toBe(
      `club: ${bad} has 1 error; nothing was written.\n${bad}:1:11: Not valid JSON: Flow map must end with a }\n`,
    );
    // A member named nowhere: refused with its line before anything is written (the user before it too).
    const late = join(dataDir, "late.json");
    const early = { email: "early@seed.test", name: "Early", password: "seed-pass-1", admin: true };
    writeFileSync(
      late,
      JSON.stringify({ users: [early], events: [{ slug: "late-one", participants: ["ghost@seed.test"] }] }, null, 2),
    );
    expect((await club("seed", "--file", late)).stderr).toBe(
      `club: ${late} has 1 error; nothing was written.\n${late}:14:9: events[0].participants[0]: No member with the e-mail ghost@seed.test in this machine's database or in the file's users.\n`,
    );
    // Neither file wrote anything: the user and the event "ok-one" are new now.
    writeFileSync(late, JSON.stringify({ users: [early], events: [{ slug: "ok-one" }] }));
    const created = JSON.parse((await club("seed", "--file", late, "--json")).stdout).created;
    expect(created).toMatchObject({ users: 1, events: 1 });
  }, 60_000);

  it("reads and retries the outbox while the server holds the embedded database", async () => {
    const dir = await migratedDataDir("club-cli-running-");
    const db = await createDb({ pgliteDir: join(dir, "pglite"), processName: "club server (test)" });
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
    const { app } = await startServer(db, dir, { operatorSocket: true });
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
