import { auditLog } from "@club/db";
import { and, eq } from "@club/db/orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookKit } from "./test/webhook-kit";

// What an admin does with a webhook once it runs: its waiting messages posted now, paused and
// resumed, its secret rotated with a day's overlap, and edited in place (Admin Panel → Webhooks,
// `club webhook`). Delivery itself is in webhooks.test.ts.

const { kit, adminHere, add, deliver, later, log, newEvent, waitingJobs } = webhookKit();

describe("an operator's controls", () => {
  it("retries now: a message waiting its next try, and those behind it, go at once once the receiver is mended", async () => {
    const { webhook } = await add(["event.created"]);
    kit.answers = [{ status: 500 }, { status: 204 }];
    await newEvent("First");
    await newEvent("Second");
    await deliver(webhook.id);
    // Held back for its next try: five seconds, then minutes, then hours.
    expect((await log(webhook.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
    const now = await adminHere().webhooks.retryNow({ id: webhook.id });
    expect(now).toEqual({ waiting: 2, message: "2 waiting messages are being posted now." });
    // Its job is moved to now, and the messages are due now, each with a new round of tries.
    const [job] = await waitingJobs(webhook.id);
    expect(job!.start_after.getTime()).toBeLessThanOrEqual(Date.now());
    await deliver(webhook.id);
    expect((await log(webhook.id)).map((r) => r.status)).toEqual(["delivered", "delivered"]);
    expect(kit.received.map((r) => JSON.parse(r.body).data.title)).toEqual(["First", "First", "Second"]);
    expect(await adminHere().webhooks.retryNow({ id: webhook.id })).toMatchObject({ waiting: 0 });
  });

  it("pauses: its messages wait, in order, and go when it is resumed; retrying a paused one says to resume", async () => {
    const { webhook } = await add(["event.created"]);
    const paused = await adminHere().webhooks.pause({ id: webhook.id, paused: true });
    expect(paused.pausedAt).toBeInstanceOf(Date);
    await newEvent("While paused");
    await deliver(webhook.id);
    expect(kit.received).toHaveLength(0);
    expect((await adminHere().webhooks.list())[0]).toMatchObject({ pending: 1, pausedAt: paused.pausedAt });
    await expect(adminHere().webhooks.retryNow({ id: webhook.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This webhook is paused: resume it to post its waiting messages.",
    });
    const resumed = await adminHere().webhooks.pause({ id: webhook.id, paused: false });
    expect(resumed.pausedAt).toBeNull();
    expect(await waitingJobs(webhook.id)).toHaveLength(1);
    await deliver(webhook.id);
    expect(kit.received.map((r) => JSON.parse(r.body).data.title)).toEqual(["While paused"]);
    const kinds = await kit.api.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.kind, "webhook.changed"), eq(auditLog.targetId, webhook.id)));
    expect(kinds.map((k) => k.detail.paused)).toEqual([true, false]);
  });

  it("sends a test message, signed, behind what waits, whatever it listens for; not while paused", async () => {
    const { webhook, secret } = await add(["stay.requested"]);
    expect(await adminHere().webhooks.ping({ id: webhook.id })).toEqual({
      message: "A test message is on its way: its answer shows in the log.",
    });
    await deliver(webhook.id);
    const [received] = kit.received;
    const message = new Webhook(secret).verify(received!.body, received!.headers as Record<string, string>);
    expect(message).toMatchObject({ type: "webhook.ping", data: { webhook_id: webhook.id, name: "CRM" } });
    expect((await log(webhook.id)).map((d) => [d.type, d.status])).toEqual([["webhook.ping", "delivered"]]);
    await adminHere().webhooks.pause({ id: webhook.id, paused: true });
    await expect(adminHere().webhooks.ping({ id: webhook.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This webhook is paused: resume it to send a test message.",
    });
    // A member may not.
    await expect(kit.api.callerFor(kit.ann).webhooks.ping({ id: webhook.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("sends at most ten test messages to an endpoint in ten minutes", async () => {
    const { webhook } = await add(["stay.requested"]);
    const other = await add(["stay.requested"]);
    // One caller: one server's counts (each test caller gets a throttle of its own).
    const admin$ = adminHere();
    for (let i = 0; i < 10; i++) await admin$.webhooks.ping({ id: webhook.id });
    await expect(admin$.webhooks.ping({ id: webhook.id })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Ten test messages went to this webhook in the last ten minutes. Please wait 10 minute(s).",
    });
    expect((await log(webhook.id)).filter((d) => d.type === "webhook.ping")).toHaveLength(10);
    // Another endpoint has its own ten.
    await admin$.webhooks.ping({ id: other.webhook.id });
  });

  it("rotates its secret: for a day both sign each message, then only the new one", async () => {
    const { webhook, secret: old } = await add(["event.created"]);
    const rotated = await adminHere().webhooks.rotateSecret({ id: webhook.id });
    expect(rotated.secret).toMatch(/^whsec_\S{32}$/);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previousUntil.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await newEvent("During the overlap");
    await deliver(webhook.id);
    const [during] = kit.received;
    // Two signatures in one header (Standard Webhooks): a receiver on either secret accepts it.
    expect(String(during?.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [old, rotated.secret])
      expect(() =>
        new Webhook(secret).verify(during?.body ?? "", during?.headers as Record<string, string>),
      ).not.toThrow();

    await newEvent("The day after");
    const dayAfter = later(25 * 3_600_000);
    await deliver(webhook.id, dayAfter);
    const after = kit.received[1];
    expect(String(after?.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    // Checked as a receiver would at that time (the timestamp is the day after's).
    const at = (secret: string) => () => {
      const hook = new Webhook(secret);
      const headers = after?.headers as Record<string, string>;
      const signed = hook.sign(headers["webhook-id"] ?? "", dayAfter, after?.body ?? "");
      if (signed !== headers["webhook-signature"]) throw new Error("not signed with this secret");
    };
    expect(at(rotated.secret)).not.toThrow();
    expect(at(old)).toThrow();
    const [record] = await kit.api.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.kind, "webhook.changed"), eq(auditLog.targetId, webhook.id)));
    expect(record?.detail).toEqual({ name: "CRM", rotated: true });
  });

  it("edits in place: the secret, waiting messages and log stay; a bad address is refused as when adding", async () => {
    const { webhook, secret } = await add(["event.created"]);
    kit.answers = [{ status: 500 }, { status: 204 }];
    await newEvent("Before the move");
    await deliver(webhook.id);
    const moved = `${kit.url}/v2`;
    const edited = await adminHere().webhooks.update({
      id: webhook.id,
      name: "CRM v2",
      url: moved,
      events: ["event.created", "member.created"],
    });
    expect(edited).toMatchObject({ name: "CRM v2", url: moved, pending: 1, pausedAt: null });
    await adminHere().webhooks.retryNow({ id: webhook.id });
    await deliver(webhook.id);
    const last = kit.received.at(-1);
    expect(last?.body).toContain("Before the move");
    expect(() => new Webhook(secret).verify(last?.body ?? "", last?.headers as Record<string, string>)).not.toThrow();
    await expect(
      adminHere().webhooks.update({
        id: webhook.id,
        name: "CRM",
        url: "ftp://crm.example.com",
        events: ["event.created"],
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      adminHere().webhooks.update({
        id: "00000000-0000-4000-8000-000000000000",
        name: "CRM",
        url: kit.url,
        events: ["event.created"],
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
