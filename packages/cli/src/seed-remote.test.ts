import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "@club/api";
import { createApiToken } from "@club/auth";
import { createDb, users } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clubHere, startServer, type TestServer } from "./test/cli";

// `club seed` against a running server (--url, --token): what it checks before the first write
// (references, the token's scope), what it warns of, and how it says a failure. The built bundle,
// as users run it.

describe("seeding a running server", () => {
  const dir = mkdtempSync(join(tmpdir(), "club-cli-remote-"));
  let server: { db: Awaited<ReturnType<typeof createDb>>; app: TestServer; url: string };
  let adminToken: string;
  let memberToken: string;
  const remote = (token: string, ...args: string[]) => clubHere(dir, "--url", server.url, "--token", token, ...args);

  beforeAll(async () => {
    const db = await createDb({});
    await db.migrate();
    const root = await createUser(db.db, { email: "root@club.test", name: "Root", password: "password1", admin: true });
    const fay = await createUser(db.db, { email: "fay@club.test", name: "Fay", password: "password1" });
    adminToken = (await createApiToken(db.db, { userId: root.id, name: "ci", scope: "seed" })).token;
    memberToken = (await createApiToken(db.db, { userId: fay.id, name: "script", scope: "seed" })).token;
    server = { db, ...(await startServer(db, dir, { maxUploadBytes: 10 * 1024 * 1024 })) };
  });
  afterAll(async () => {
    await server?.app.close();
    await server?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("names the address and the cause when the server is down or refuses the token", async () => {
    const seed = join(import.meta.dirname, "test/seed.yaml");
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
    const down = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`; // A TCP listener's address.
    await new Promise((done) => probe.close(done));
    const [unreachable, wrongToken, memberOnly] = await Promise.all([
      clubHere(dir, "--url", down, "--token", adminToken, "seed", "--file", seed),
      remote("club_not-a-token", "seed", "--file", seed),
      remote(memberToken, "seed", "--file", seed),
    ]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toBe(`club: Cannot reach ${down}: connection refused (ECONNREFUSED).\n`);
    expect(wrongToken.code).toBe(2);
    expect(wrongToken.stderr).toBe(
      `club: ${server.url} refused the token (401): This API token is not valid: it was revoked, or it is mistyped.\n`,
    );
    expect(memberOnly.code).toBe(2);
    expect(memberOnly.stderr).toBe(
      `club: The token of fay@club.test at ${server.url} is not an administrator's: seeding needs one.\n`,
    );
  }, 90_000);

  it("checks every reference on the server before the first write, with --check or without", async () => {
    const seed = join(dir, "refs.yaml");
    const clip = join(import.meta.dirname, "test/clip.mp4");
    const write = (participants: string, event: string) =>
      writeFileSync(
        seed,
        `users:
  - { email: new@seed.test, name: New, password: seed-pass-1 }
events:
  - { slug: refs-night, participants: [${participants}] }
media:
  - { file: ${clip}, event: ${event} }
`,
      );
    write("fay@club.test, new@seed.test, ghost@seed.test", "nowhere");
    const problems = [
      `club: ${seed} has 2 errors; nothing was written.`,
      `${seed}:4:70: events[0].participants[2]: No member with the e-mail ghost@seed.test in ${server.url} or in the file's users.`,
      `${seed}:6:${clip.length + 22}: media[0].event: No event with the slug nowhere in ${server.url} or in the file's events.`,
      "",
    ].join("\n");
    const [checked, run] = await Promise.all([
      remote(adminToken, "seed", "--check", "--file", seed),
      remote(adminToken, "seed", "--file", seed),
    ]);
    expect(checked.code).toBe(2);
    expect(checked.stderr).toBe(problems);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(problems);
    expect(await server.db.db.select().from(users).where(eq(users.email, "new@seed.test"))).toEqual([]);

    write("fay@club.test, new@seed.test", "refs-night");
    const valid = await remote(adminToken, "seed", "--check", "--file", seed);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toBe(
      `${seed} is valid: 1 users, 0 invitation codes, 1 events, 1 media, 0 homes, 0 stays (every member, event and file it names, and the token, checked against ${server.url}).\n`,
    );
    expect(await server.db.db.select().from(users).where(eq(users.email, "new@seed.test"))).toEqual([]);
  }, 90_000);

  it("checks the token's scope against what the file writes, and tells an expired token apart", async () => {
    const rootId = (await server.db.db.select().from(users).where(eq(users.email, "root@club.test")))[0]!.id;
    const readOnly = (await createApiToken(server.db.db, { userId: rootId, name: "reader", scope: "read" })).token;
    const expired = (
      await createApiToken(server.db.db, {
        userId: rootId,
        name: "old",
        scope: "admin",
        expiresAt: new Date("2026-01-31T10:00:00Z"),
      })
    ).token;
    const seed = join(dir, "scope.yaml");
    writeFileSync(
      seed,
      `users:
  - { email: plain@seed.test, name: Plain, password: seed-pass-1 }
  - { email: boss@seed.test, name: Boss, password: seed-pass-1, admin: true }
`,
    );
    const [read, seedScope, old] = await Promise.all([
      remote(readOnly, "seed", "--check", "--file", seed),
      remote(adminToken, "seed", "--check", "--file", seed),
      remote(expired, "seed", "--check", "--file", seed),
    ]);
    expect(read.code).toBe(2);
    expect(read.stderr).toBe(
      `club: ${seed} has 1 error; nothing was written.\n${seed}:1:1: (file): The token of root@club.test may only read (scope "read"), and seeding writes. Use a token with the "seed" or "admin" scope.\n`,
    );
    expect(seedScope.code).toBe(2);
    expect(seedScope.stderr).toBe(
      `club: ${seed} has 1 error; nothing was written.\n${seed}:3:72: users[1].admin: Making boss@seed.test an administrator takes a token with the "admin" scope; this one's is "seed".\n`,
    );
    expect(old.code).toBe(2);
    expect(old.stderr).toBe(
      `club: ${server.url} refused the token (401): This API token expired on 2026-01-31. Make a new one in Settings → API tokens, or with "club token create".\n`,
    );
    // The run refuses what the check did, before writing anything.
    expect((await remote(adminToken, "seed", "--file", seed)).code).toBe(2);
    expect(await server.db.db.select().from(users).where(eq(users.email, "plain@seed.test"))).toEqual([]);
  }, 90_000);

  it("warns, line by line, of authors a server cannot keep, and goes on", async () => {
    const seed = join(dir, "authors.yaml");
    writeFileSync(
      seed,
      `events:
  - slug: authors-night
    createdBy: fay@club.test
    comments:
      - { author: fay@club.test, content: Lovely. }
      - { author: root@club.test, content: Thank you. }
`,
    );
    const warnings = [
      `warning: ${seed}:3:16: events[0].createdBy: The event will be created by root@club.test (the token's owner), not fay@club.test: a server keeps no other author for what a token writes.`,
      `warning: ${seed}:5:19: events[0].comments[0].author: The comment will be written by root@club.test (the token's owner), not fay@club.test: a server keeps no other author for what a token writes.`,
      "",
    ].join("\n");
    const checked = await remote(adminToken, "seed", "--check", "--file", seed);
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stderr).toBe(warnings);
    const ran = await remote(adminToken, "seed", "--file", seed);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stderr).toBe(warnings);
    expect(ran.stdout).toMatch(
      /^Seeded: 0 users, 0 invitationCodes, 1 events, 0 participants, 2 comments, 0 media, 0 homes, 0 stays;/,
    );
    const json = JSON.parse((await remote(adminToken, "seed", "--check", "--file", seed, "--json")).stdout);
    expect(json).toMatchObject({ valid: true, events: 1 });
    expect(json.warnings).toEqual(
      warnings
        .split("\n")
        .filter(Boolean)
        .map((w) => w.replace(/^warning: /, "")),
    );
  }, 90_000);

  it("lists homes for their hosts with their windows, and asks for and accepts stays; a second run finds them", async () => {
    const seed = join(dir, "travel.yaml");
    writeFileSync(
      seed,
      `users:
  - { email: hana@seed.test, name: Hana Host, password: seed-pass-1, type: Travel Host }
homes:
  - title: Seed loft
    host: hana@seed.test
    kind: Loft
    city: Oslo
    country: Norway
    address: 5 Seed Street
    sleeps: 2
    bedrooms: 1
    nightly_rate: 150
    time_zone: Europe/Oslo
    windows: [{ from: "2036-06-01", to: "2036-07-01" }]
stays:
  - { home: Seed loft, guest: root@club.test, arrive: "2036-06-03", depart: "2036-06-06", guests: 1, status: accepted }
`,
    );
    const ran = await remote(adminToken, "seed", "--file", seed, "--json");
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout).created).toMatchObject({ users: 1, homes: 1, stays: 1 });
    const { homes, stays } = await import("@club/db");
    const [home] = await server.db.db.select().from(homes).where(eq(homes.title, "Seed loft"));
    const [hana] = await server.db.db.select().from(users).where(eq(users.email, "hana@seed.test"));
    expect(home).toMatchObject({ hostId: hana!.id, address: "5 Seed Street", nightlyRateCents: 15_000 });
    const [stay] = await server.db.db.select().from(stays).where(eq(stays.homeId, home!.id));
    expect(stay).toMatchObject({ arrive: "2036-06-03", depart: "2036-06-06", status: "accepted" });
    const again = JSON.parse((await remote(adminToken, "seed", "--file", seed, "--json")).stdout);
    expect(again.created).toMatchObject({ users: 0, homes: 0, stays: 0 });
  }, 90_000);

  it("a failure half-way names the entry's line and what was written before it, in words and in JSON", async () => {
    const seed = join(dir, "half-remote.yaml");
    const notVideo = join(dir, "broken-remote.mp4");
    writeFileSync(notVideo, "not a video");
    writeFileSync(
      seed,
      `users:
  - { email: halfway@seed.test, name: Half Way, password: seed-pass-1 }
events:
  - { slug: half-remote }
media:
  - { file: ${notVideo}, name: Broken remote clip }
`,
    );
    const failed = await remote(adminToken, "seed", "--file", seed);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toBe(
      [
        `club: ${seed}:6:5: media[0] (Broken remote clip): Only photos (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, WebM, QuickTime) can be uploaded.`,
        "Written before it stopped: 1 users, 0 invitationCodes, 1 events, 0 participants, 0 comments, 0 media, 0 homes, 0 stays. Run it again once this is fixed: what is there is found and left as it is.",
        "",
      ].join("\n"),
    );
    expect(await server.db.db.select().from(users).where(eq(users.email, "halfway@seed.test"))).toHaveLength(1);
    const asJson = await remote(adminToken, "seed", "--file", seed, "--json");
    expect(asJson.code).toBe(2);
    expect(JSON.parse(asJson.stdout)).toEqual({
      error:
        "media[0] (Broken remote clip): Only photos (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, WebM, QuickTime) can be uploaded.",
      at: `${seed}:6:5`,
      written: { users: 0, invitationCodes: 0, events: 0, participants: 0, comments: 0, media: 0, homes: 0, stays: 0 },
    });
  }, 90_000);
});
