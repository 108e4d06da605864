import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "@club/api";
import { createApiToken } from "@club/auth";
import { createDb, webhookEndpoints } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clubHere, startServer, type TestServer } from "../test/cli";

// `club webhook add` against a running server, retried by a CI job with its --idempotency-key: one
// endpoint, and the retry prints the first answer, its secret included. The built bundle.

describe("club webhook add against a server, retried", () => {
  const dir = mkdtempSync(join(tmpdir(), "club-cli-webhook-remote-"));
  let server: { db: Awaited<ReturnType<typeof createDb>>; app: TestServer; url: string };
  let token: string;

  beforeAll(async () => {
    const db = await createDb({});
    await db.migrate();
    const root = await createUser(db.db, { email: "root@club.test", name: "Root", password: "password1", admin: true });
    token = (await createApiToken(db.db, { userId: root.id, name: "ci", scope: "admin" })).token;
    server = { db, ...(await startServer(db, dir)) };
  });
  afterAll(async () => {
    await server?.app.close();
    await server?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const addKeyed = (key: string) =>
    clubHere(
      dir,
      "--url",
      server.url,
      "--token",
      token,
      "webhook",
      "add",
      "--url",
      "https://crm.example.com/ci",
      "--events",
      "event.created",
      "--name",
      "CI",
      "--idempotency-key",
      key,
    );

  it("adds one endpoint for two tries with one key, and prints the same secret both times", async () => {
    const first = await addKeyed("ci-hook-1");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const again = await addKeyed("ci-hook-1");
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(first.stdout).toMatch(/^Added the webhook "CI" .*\nSigning secret .*\nwhsec_\S{32}\n$/);
    const named = await server.db.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.name, "CI"));
    expect(named).toHaveLength(1);
    // Another key is another act.
    expect((await addKeyed("ci-hook-2")).code).toBe(0);
    expect(await server.db.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.name, "CI"))).toHaveLength(2);
  }, 90_000);

  it("refuses the key on this machine's database, where there is no server to keep it", async () => {
    const local = await clubHere(
      dir,
      "webhook",
      "add",
      "--url",
      "https://crm.example.com/hooks",
      "--events",
      "event.created",
      "--name",
      "Local",
      "--idempotency-key",
      "k",
    );
    expect(local.code).toBe(2);
    expect(local.stderr).toBe(
      "club: --idempotency-key is for a server: give --url and --token (or CLUB_URL and CLUB_TOKEN).\n",
    );
  });
});
