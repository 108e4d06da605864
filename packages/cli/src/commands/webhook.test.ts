import { rmSync } from "node:fs";
import { join } from "node:path";
import { createDb, webhookDeliveries } from "@club/db";
import { afterAll, describe, expect, it } from "vitest";
import { clubHere, clubIn, migratedDataDir, startServer } from "../test/cli";

const dataDir = await migratedDataDir("club-cli-webhook-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The CLI on this file's own embedded database. */
const club = (...args: string[]) => clubHere(dataDir, ...args);

describe("club webhook", () => {
  it("adds an endpoint and prints its secret once, lists it, and removes it", async () => {
    const added = await club(
      "webhook",
      "add",
      "--url",
      "https://crm.example.com/club-hooks",
      "--events",
      "event.created, member.created",
      "--name",
      "CRM",
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(
      /^Added the webhook "CRM" \(([0-9a-f-]{36})\), posting event\.created, member\.created to https:\/\/crm\.example\.com\/club-hooks\.\nSigning secret \(shown this once; give it to the receiver to check each message\):\nwhsec_\S{32}\n$/,
    );
    const id = /\(([0-9a-f-]{36})\)/.exec(added.stdout)?.[1] ?? "";
    const secret = added.stdout.trim().split("\n").at(-1) ?? "";

    const list = await club("webhook", "list");
    expect(list.stdout).toBe(
      `${id}  CRM  https://crm.example.com/club-hooks\n  event.created, member.created; answering; 0 waiting, 0 failed\n`,
    );
    expect(list.stdout).not.toContain(secret);
    const json = JSON.parse((await club("webhook", "list", "--json")).stdout);
    expect(json).toEqual([expect.objectContaining({ id, name: "CRM", events: ["event.created", "member.created"] })]);

    // While the server holds the embedded database, through its socket.
    const db = await createDb({ pgliteDir: join(dataDir, "pglite"), processName: "club server (test)" });
    const { app } = await startServer(db, dataDir, { operatorSocket: true });
    let deliveryId = "";
    try {
      // A process of its own: this one's server holds the database.
      expect((await clubIn(dataDir, "webhook", "list")).stdout).toContain(`${id}  CRM`);
      // A message its receiver refused after a day of tries, as the log keeps it.
      const [failed] = await db.db
        .insert(webhookDeliveries)
        .values({
          endpointId: id,
          type: "event.created",
          payload: { type: "event.created", timestamp: "2031-05-06T10:00:00.000Z", data: {} },
          status: "failed",
          attempts: 8,
          createdAt: new Date("2031-05-06T10:00:00Z"),
          responseStatus: 502,
          lastError: "The endpoint answered 502",
        })
        .returning();
      deliveryId = failed!.id;
    } finally {
      await app.close();
      await db.close();
    }

    // A new secret, printed once; the old one signs beside it for a day.
    const rotated = await club("webhook", "rotate", id);
    expect(rotated.stdout).toMatch(
      /^New signing secret of the webhook "CRM" \(shown this once; give it to the receiver\):\nwhsec_\S{32}\nThe old secret signs each message beside it until \d{4}-\d\d-\d\dT[\d:.]+Z\.\n$/,
    );
    expect(rotated.stdout).not.toContain(secret);

    // Paused and resumed; nothing waits, so a retry says so.
    expect(await club("webhook", "pause", id)).toMatchObject({
      code: 0,
      stdout: 'Paused the webhook "CRM": 0 waiting.\n',
    });
    expect((await club("webhook", "list")).stdout).toMatch(/; paused since \d{4}-\d\d-\d\dT[\d:.]+Z; 0 waiting/);
    const paused = await club("webhook", "retry", id);
    expect(paused.code).toBe(2);
    expect(paused.stderr).toContain("This webhook is paused: resume it to post its waiting messages.");
    expect((await club("webhook", "resume", id)).stdout).toBe('Resumed the webhook "CRM": 0 waiting go now.\n');
    expect((await club("webhook", "retry", id)).stdout).toBe("Nothing is waiting for this webhook.\n");

    // Its log, newest first; a failed message posted again.
    expect((await club("webhook", "deliveries", id)).stdout).toBe(
      `${deliveryId}  2031-05-06T10:00:00.000Z  event.created  failed (8 tries)\n  The endpoint answered 502\n`,
    );
    expect((await club("webhook", "redeliver", deliveryId)).stdout).toBe("The message will be posted again shortly.\n");
    expect((await club("webhook", "deliveries", id, "--limit", "1")).stdout).toMatch(
      new RegExp(
        `^${deliveryId}  2031-05-06T10:00:00\\.000Z  event\\.created  pending \\(8 tries, next [\\d:TZ.-]+\\)\n`,
      ),
    );
    // A test message, behind what waits.
    expect((await club("webhook", "ping", id)).stdout).toBe(
      "A test message is on its way: its answer shows in the log.\n",
    );
    expect((await club("webhook", "deliveries", id, "--limit", "1")).stdout).toMatch(
      /^[0-9a-f-]{36} {2}\S+ {2}webhook\.ping {2}pending \(0 tries, next \S+\)\n$/,
    );
    const badLimit = await club("webhook", "deliveries", id, "--limit", "500");
    expect(badLimit.code).not.toBe(0);
    expect(badLimit.stderr).toContain("must be a whole number from 1 to 100");

    expect(await club("webhook", "remove", id)).toMatchObject({ code: 0, stdout: "The webhook was removed.\n" });
    expect((await club("webhook", "list")).stdout).toBe("No webhooks. Add one with club webhook add.\n");
    const again = await club("webhook", "remove", id);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("No webhook with that id: it may have been removed.");
  }, 180_000);

  it("refuses an unknown event and an address it would not post to, saying which", async () => {
    const unknown = await club(
      "webhook",
      "add",
      "--url",
      "https://crm.example.com/h",
      "--events",
      "event.exploded",
      "--name",
      "X",
    );
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("Unknown event: event.exploded. The events are member.created,");
    const plain = await club(
      "webhook",
      "add",
      "--url",
      "http://crm.example.com/h",
      "--events",
      "event.created",
      "--name",
      "X",
    );
    expect(plain.code).not.toBe(0);
    expect(plain.stderr).toContain("The address must start with https://");
    const inside = await club(
      "webhook",
      "add",
      "--url",
      "https://10.0.0.7/h",
      "--events",
      "event.created",
      "--name",
      "X",
    );
    expect(inside.stderr).toContain("10.0.0.7 is inside a private network (private)");
    expect((await club("webhook", "list")).stdout).toBe("No webhooks. Add one with club webhook add.\n");
  }, 120_000);
});
