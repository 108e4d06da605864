import { rmSync } from "node:fs";
import { join } from "node:path";
import { createDb } from "@club/db";
import { afterAll, describe, expect, it } from "vitest";
import { clubHere, migratedDataDir, startServer, type TestServer } from "../test/cli";
import { tokenExpiry } from "./token";

const dataDir = await migratedDataDir("club-cli-token-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The CLI on this file's own embedded database. */
const club = (...args: string[]) => clubHere(dataDir, ...args);

/** The server on the CLI's database, for as long as `fn` runs (the embedded database has one user at a time). */
async function withServer(fn: (app: TestServer) => Promise<void>) {
  const db = await createDb({ pgliteDir: join(dataDir, "pglite"), processName: "club server (test)" });
  const { app } = await startServer(db, dataDir);
  try {
    await fn(app);
  } finally {
    await app.close();
    await db.close();
  }
}

const DAY = 86_400_000;

describe("--expires", () => {
  const now = Date.parse("2027-01-10T12:00:00Z");
  it("takes days from now, a last day (to its end), or a moment", () => {
    expect(tokenExpiry("90d", now)).toEqual(new Date(now + 90 * DAY));
    expect(tokenExpiry("2027-01-31", now)).toEqual(new Date("2027-01-31T23:59:59"));
    expect(tokenExpiry("2027-02-01T08:00:00Z", now)).toEqual(new Date("2027-02-01T08:00:00Z"));
  });
  it("refuses what is no date, no day of the calendar, or not ahead, saying what it takes", () => {
    expect(() => tokenExpiry("0d", now)).toThrow("the number of days must be 1 to 3650, like 90d");
    expect(() => tokenExpiry("2027-02-30", now)).toThrow(
      "The expiry date must be a real day, like 2027-01-31 or 2027-01-31T18:00:00Z. Or give a number of days, like 90d.",
    );
    expect(() => tokenExpiry("2020-01-01", Date.now())).toThrow("The expiry date must be in the future.");
    expect(() => tokenExpiry("soon", now)).toThrow("Or give a number of days, like 90d.");
  });
});

describe("club token", () => {
  it("creates a scoped token that works against the server, lists it, and revokes it", async () => {
    expect(
      (await club("user", "create", "--email", "ci@club.test", "--password", "secret1", "--name", "CI", "--admin"))
        .code,
    ).toBe(0);

    const json = await club(
      "token",
      "create",
      "--email",
      "CI@club.test",
      "--name",
      "ci",
      "--scope",
      "read",
      "--expires",
      "90d",
      "--json",
    );
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toBe("");
    const made = JSON.parse(json.stdout) as { token: string; id: string; scope: string; expiresAt: string };
    expect(Object.keys(made).sort()).toEqual(["expiresAt", "id", "scope", "token"]);
    expect(made.token).toMatch(/^club_/);
    expect(made.scope).toBe("read");
    expect(Math.abs(Date.parse(made.expiresAt) - (Date.now() + 90 * DAY))).toBeLessThan(5 * 60_000);

    // Without --json, stdout is the token alone: `CLUB_TOKEN=$(club token create …)`.
    const plain = await club("token", "create", "--email", "ci@club.test", "--name", "seeding", "--scope", "seed");
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^club_\S+\n$/);
    expect(plain.stderr).toContain('Created the seed token "seeding" for ci@club.test');
    expect(plain.stderr).toContain("with no expiry. It is shown only this once.");
    const seedToken = plain.stdout.trim();

    const list = await club("token", "list", "--email", "ci@club.test");
    expect(list.stdout).toContain(`${made.id}  read   ci  (created `);
    expect(list.stdout).toMatch(/seed\s+seeding .*last used never, expires never\)/);

    await withServer(async (app) => {
      const as = (token: string, method: "GET" | "POST", url: string) =>
        app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(method === "POST" ? { payload: { title: "CI supper" } } : {}),
        });
      expect((await as(made.token, "GET", "/api/events")).statusCode).toBe(200);
      const refused = await as(made.token, "POST", "/api/events");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toContain('scope "read"');
      expect((await as(seedToken, "POST", "/api/events")).statusCode).toBe(200);
    });
    expect((await club("token", "list", "--email", "ci@club.test")).stdout).toMatch(/read\s+ci .*last used 20\d\d-/);

    const revoked = await club("token", "revoke", "--id", made.id);
    expect(revoked.stdout).toContain('Revoked the token "ci" of ci@club.test.');
    expect((await club("token", "list", "--email", "ci@club.test", "--json")).stdout).not.toContain(made.id);
    const again = await club("token", "revoke", "--id", made.id);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`No API token with the id ${made.id} (it may be revoked already).`);
  }, 180_000);

  it("explains mistakes: exit 1 for usage, 2 for what fails", async () => {
    const scope = await club("token", "create", "--email", "ci@club.test", "--name", "x", "--scope", "root");
    expect(scope.code).toBe(1);
    expect(scope.stderr).toContain("Allowed choices are read, seed, admin.");
    const noScope = await club("token", "create", "--email", "ci@club.test", "--name", "x");
    expect(noScope.code).toBe(1);
    const date = await club(
      "token",
      "create",
      "--email",
      "ci@club.test",
      "--name",
      "x",
      "--scope",
      "read",
      "--expires",
      "2030-02-30",
    );
    expect(date.code).toBe(1);
    expect(date.stderr).toContain("The expiry date must be a real day");
    const badId = await club("token", "revoke", "--id", "42");
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain("see `club token list --email …`");

    const nobody = await club("token", "create", "--email", "nobody@club.test", "--name", "x", "--scope", "read");
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain(
      "No member with the e-mail nobody@club.test. Create one first with `club user create`.",
    );
    const remote = await club(
      "--url",
      "http://club.test",
      "--token",
      "club_x",
      "token",
      "list",
      "--email",
      "ci@club.test",
    );
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain("club token works on the database only; drop --url and --token.");

    // A member may hold any scope; the note says it cannot exceed her rights.
    await club("user", "create", "--email", "mo@club.test", "--password", "secret1", "--name", "Mo");
    const member = await club("token", "create", "--email", "mo@club.test", "--name", "x", "--scope", "admin");
    expect(member.code).toBe(0);
    expect(member.stderr).toContain(
      "Note: mo@club.test is not an administrator; the token can do no more than she can",
    );
  }, 180_000);
});
