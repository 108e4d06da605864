import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { clubHere, migratedDataDir } from "../test/cli";
import { auditSince } from "./audit";

const dataDir = await migratedDataDir("club-cli-audit-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const club = (...args: string[]) => clubHere(dataDir, ...args);

describe("--since", () => {
  const now = Date.parse("2026-11-25T12:00:00Z");
  it("takes a time ago, a day of the club, or a moment", () => {
    expect(auditSince("7d", now)).toEqual({ since: new Date("2026-11-18T12:00:00Z") });
    expect(auditSince("30m", now)).toEqual({ since: new Date("2026-11-25T11:30:00Z") });
    expect(auditSince("2026-11-01", now)).toEqual({ from: "2026-11-01" });
    expect(auditSince("2026-11-01T18:00:00Z", now)).toEqual({ since: new Date("2026-11-01T18:00:00Z") });
  });
  it("refuses anything else, saying what it takes", () => {
    for (const bad of ["soon", "7w", "2026-02-30", "-1d"]) {
      expect(() => auditSince(bad, now), bad).toThrow("give a time ago (30m, 12h, 7d)");
    }
  });
});

describe("club audit", () => {
  it("prints the operator's acts newest first, one per line, as JSON, by kind and since", async () => {
    expect((await club("audit")).stdout).toBe("No audit records.\n");
    expect(
      (await club("user", "create", "--email", "ci@club.test", "--password", "secret1", "--name", "CI", "--admin"))
        .code,
    ).toBe(0);
    expect((await club("invite-code", "create", "--uses", "2")).code).toBe(0);
    const token = await club("token", "create", "--email", "ci@club.test", "--name", "ci", "--scope", "read", "--json");
    const { id } = JSON.parse(token.stdout) as { id: string };

    const lines = (await club("audit")).stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\S+Z {2}api_token\.created {2}The operator \(command line\) created the API token “ci” \(read only\) for CI\.$/,
    );
    expect(lines[1]).toMatch(
      / {2}invitation_code\.created {2}The operator \(command line\) created an invitation code ending in \w{4}, for 2 uses\.$/,
    );
    expect(lines[2]).toMatch(
      / {2}member\.created {2}The operator \(command line\) created an account for CI as a Standard member, with the admin right\.$/,
    );

    const json = JSON.parse((await club("audit", "--json", "--kind", "api_token.created", "--since", "1d")).stdout);
    expect(json).toEqual([
      expect.objectContaining({ kind: "api_token.created", targetId: id, actorEmail: "operator@localhost" }),
    ]);
    expect((await club("audit", "--limit", "1")).stdout.trim().split("\n")).toHaveLength(1);
    expect((await club("audit", "--since", "2000-01-01T00:00:00Z", "--kind", "invitation_code.revoked")).stdout).toBe(
      "No audit records.\n",
    );
  }, 90_000);

  it("refuses a kind, a time or a limit it does not know, with exit code 1", async () => {
    const kind = await club("audit", "--kind", "nope");
    expect(kind.code).toBe(1);
    expect(kind.stderr).toContain("Allowed choices are application.accepted");
    const since = await club("audit", "--since", "soon");
    expect(since.code).toBe(1);
    expect(since.stderr).toContain("give a time ago (30m, 12h, 7d)");
    expect((await club("audit", "--limit", "0")).code).toBe(1);
    const remote = await club("--url", "http://club.test", "--token", "club_x", "audit");
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain("club audit works on the database only");
  }, 60_000);
});
