import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { type ApiTokenScope, createApiToken } from "@club/auth";
import { createClubClient, isClubError } from "@club/client";
import { apiTokens, users } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, ORIGIN, startApp } from "../test/harness";

const run = promisify(execFile);
let h: Harness;
let url: string;

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  url = await h.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => h.close());

async function tokenFor(email: string, expiresAt?: Date, scope: ApiTokenScope = "admin") {
  const [user] = await h.db.db.select().from(users).where(eq(users.email, email));
  return createApiToken(h.db.db, { userId: user!.id, name: "script", scope, expiresAt });
}

const codeOf = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  return isClubError(err) ? err.data?.code : err;
};

describe("@club/client with API tokens", () => {
  it("creates and lists events with Date values and typed results", async () => {
    const { token } = await tokenFor("fay@club.test");
    expect(token).toMatch(/^club_/);
    const client = createClubClient({ url, token, timeoutMs: 10_000 });
    const created = await client.events.create.mutate({ title: "Script event", event_date: "2027-04-01" });
    const list = await client.events.list.query({ search: "script" });
    expect(list.items.map((e) => e.id)).toEqual([created.id]);
    const admin = createClubClient({ url, token: (await tokenFor("root@club.test")).token });
    const expiresAt = new Date("2099-01-31T12:00:00Z");
    await admin.invitationCodes.create.mutate({ expiresAt });
    expect((await admin.invitationCodes.list.query())[0]!.expiresAt).toEqual(expiresAt);
    // Tokens are managed signed in, never with a token.
    expect(await codeOf(client.apiTokens.list.query())).toBe("FORBIDDEN");
  });

  it("gives member tokens no admin rights, and admin tokens admin rights", async () => {
    const member = createClubClient({ url, token: (await tokenFor("fay@club.test")).token });
    expect(await codeOf(member.users.list.query())).toBe("FORBIDDEN");
    const admin = createClubClient({ url, token: (await tokenFor("root@club.test")).token });
    expect((await admin.users.list.query()).length).toBe(2);
  });

  it("refuses revoked, expired and unknown tokens", async () => {
    const { token, id } = await tokenFor("fay@club.test");
    const client = createClubClient({ url, token });
    await h.db.db.delete(apiTokens).where(eq(apiTokens.id, id));
    expect(await codeOf(client.events.list.query())).toBe("UNAUTHORIZED");

    const soon = await tokenFor("fay@club.test", new Date(Date.now() + 60_000));
    await h.db.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, soon.id));
    expect(await codeOf(createClubClient({ url, token: soon.token }).events.list.query())).toBe("UNAUTHORIZED");
    expect(await codeOf(createClubClient({ url, token: "club_nope" }).events.list.query())).toBe("UNAUTHORIZED");
  });

  it("lets bearer requests through the origin check, and ignores cookies on them", async () => {
    const { token } = await tokenFor("fay@club.test");
    const res = await fetch(`${url}/api/events`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        origin: "https://elsewhere.test",
      },
      body: JSON.stringify({ title: "Via REST" }),
    });
    expect(res.status).toBe(200);
    const noOrigin = await fetch(`${url}/api/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(noOrigin.status).toBe(403);
    expect(ORIGIN).toBe("http://club.test");
  });
});

/**
 * The examples start as processes from TypeScript source (tsx): 3–5 s each on a quiet machine, over
 * 20 s with the load average at 11. The test waits for them to end; the limit is for one that hangs.
 * Seeding a running server with `club --url --token` is proven by the CLI's own tests
 * (seed-remote.test.ts: scopes, refusals, warnings, a second run) and, as a process of the packed
 * CLI against the built server, by e2e/shipped/cli.test.ts.
 */
const processes = { timeout: 180_000 };

describe("the example scripts against a running server", processes, () => {
  const repo = join(import.meta.dirname, "../../../..");
  const tsx = join(repo, "apps/server/node_modules/.bin/tsx");
  const runScript = (script: string, args: string[], env: Record<string, string>) =>
    run(tsx, [script, ...args], { env: { ...process.env, ...env }, cwd: repo }).then(
      (out) => ({ code: 0, ...out }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );

  it("runs the examples with a token: list events, export members, invite by e-mail", async () => {
    const admin = await tokenFor("root@club.test");
    await createClubClient({ url, token: admin.token }).events.create.mutate({
      title: "Example Evening",
      event_date: "2099-01-01",
    });
    const env = { CLUB_URL: url, CLUB_TOKEN: admin.token };
    const member = await tokenFor("fay@club.test");
    // They run side by side (each process's start is most of the time); the invite writes only an
    // event of its own. Fay does not show her address, but typed in full it finds her.
    const [listed, csv, refused, invited] = await Promise.all([
      runScript("examples/list-upcoming-events.ts", [], env),
      runScript("examples/export-members-csv.ts", [], env),
      runScript("examples/export-members-csv.ts", [], { CLUB_URL: url, CLUB_TOKEN: member.token }),
      runScript(
        "examples/create-event-and-invite.ts",
        ["Invite Evening", "2099-02-01", "Fay@Club.test", "nobody@club.test"],
        env,
      ),
    ]);
    expect(invited.stdout).toContain("Invited 1 member(s).");
    expect(invited.stderr).toContain("No member to invite at nobody@club.test.");
    // Its host (the admin who made it) is going.
    expect(listed.stdout).toContain("2099-01-01 16:00  Example Evening  (1 going)  /events/example-evening");
    expect(csv.stdout.split("\n")[0]).toBe("name,email,type,admin");
    expect(csv.stdout).toContain("Root,root@club.test,Standard,true");
    expect(refused.code).not.toBe(0);
  });
});
