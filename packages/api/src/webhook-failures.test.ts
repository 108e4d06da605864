import { auditLog, mailOutbox } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { auditSentence } from "@club/shared";
import { describe, expect, it } from "vitest";
import { WEBHOOK_TRIES_MS } from "./domain/webhooks/deliver";
import { WEBHOOK_PAUSE_AFTER_MS, WEBHOOK_TELL_AFTER_TRIES } from "./domain/webhooks/failing";
import { webhookKit } from "./test/webhook-kit";

// A receiver that stays down: the admins are told (bell and mail) at the fifth try in a row that
// fails, and the club pauses the endpoint after three days of failures, with a notice. Delivery
// itself is in webhooks.test.ts; what an admin does with an endpoint in webhook-operations.test.ts.

const { kit, adminHere, add, deliver, later, log, newEvent } = webhookKit();

const DAY = 24 * 3_600_000;

/** The admin's bell lines about this endpoint. */
const bell = async (endpointId: string, who = adminHere()) =>
  (await who.notifications.list()).items.filter((n) => n.link === `/webhooks/${endpointId}`).map((n) => n.text);

/** Mails to the admin, by subject. */
const mailsToAdmin = async (subject: string) =>
  kit.api.db
    .select({ text: sql<string>`regexp_replace(${mailOutbox.text}, '[[:space:]]+', ' ', 'g')` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, "ada@hooks.test"), eq(mailOutbox.subject, subject)));

describe("an endpoint that keeps failing", () => {
  it("tells every admin at the fifth failed try in a row, once, by the bell and by mail; never a member", async () => {
    const { webhook } = await add(["event.created"]);
    kit.answers = [{ status: 502 }];
    await newEvent("Unheard");
    const tries = WEBHOOK_TRIES_MS.slice(0, WEBHOOK_TELL_AFTER_TRIES);
    for (const offset of tries.slice(0, -1)) await deliver(webhook.id, later(offset));
    expect(await bell(webhook.id)).toEqual([]);
    expect((await adminHere().webhooks.list())[0]).toMatchObject({ failedTries: WEBHOOK_TELL_AFTER_TRIES - 1 });

    await deliver(webhook.id, later(tries.at(-1)!));
    expect(await bell(webhook.id)).toEqual(["The webhook “CRM” is failing"]);
    const [mail, ...more] = await mailsToAdmin("The webhook “CRM” is failing");
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`The last 5 messages the club posted to the webhook “CRM” (${kit.url})`);
    expect(mail?.text).toContain("The endpoint answered 502.");
    expect(mail?.text).toContain(`/webhooks/${webhook.id}`);
    // A member hears nothing of the club's running.
    expect(await bell(webhook.id, kit.api.callerFor(kit.ann))).toEqual([]);

    // The sixth failure tells nobody again.
    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[WEBHOOK_TELL_AFTER_TRIES]!));
    expect(await mailsToAdmin("The webhook “CRM” is failing")).toHaveLength(1);

    // The receiver is back: the count starts again, and the bell says so.
    kit.answers = [{ status: 204 }];
    await deliver(webhook.id, later(WEBHOOK_TRIES_MS[WEBHOOK_TELL_AFTER_TRIES + 1]!));
    expect((await adminHere().webhooks.list())[0]).toMatchObject({ failedTries: 0, failingSince: null });
    expect(await bell(webhook.id)).toEqual(["The webhook “CRM” failed for a while, and answers again"]);
  });

  it("is paused by the club after three days of failures, says so, and holds its messages until resumed", async () => {
    const { webhook } = await add(["event.created"]);
    kit.answers = [{ status: 500 }];
    await newEvent("First");
    // A day of tries, then one try for each new message while it fails.
    for (const offset of WEBHOOK_TRIES_MS) await deliver(webhook.id, later(offset));
    await newEvent("Second");
    await deliver(webhook.id, later(2 * DAY));
    expect((await adminHere().webhooks.list())[0]).toMatchObject({ pausedAt: null });

    await newEvent("Third");
    const pausedAt = later(WEBHOOK_PAUSE_AFTER_MS + 60_000);
    await deliver(webhook.id, pausedAt);
    const [paused] = await adminHere().webhooks.list();
    expect(paused).toMatchObject({ pausedAt, pausedBecause: "failing", failedTries: WEBHOOK_TRIES_MS.length + 2 });
    expect(await bell(webhook.id)).toEqual(["The webhook “CRM” is paused after three days of failures"]);
    const [mail] = await mailsToAdmin("The webhook “CRM” is paused after three days of failures");
    expect(mail?.text).toContain("none is posted until an admin resumes it");
    const [record] = await kit.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "webhook.changed"), eq(auditLog.targetId, webhook.id)));
    expect(auditSentence({ ...record!, actorName: null, targetName: null })).toBe(
      "The club paused the webhook “CRM” after three days of failures.",
    );

    // Paused: nothing is posted, whatever comes.
    const heard = kit.received.length;
    await newEvent("Fourth");
    await deliver(webhook.id, later(WEBHOOK_PAUSE_AFTER_MS + 120_000));
    expect(kit.received).toHaveLength(heard);

    // Mended and resumed: what waited goes, and it has three days again. "Third", whose one try (the
    // endpoint was failing) was the last failure, is in the log as failed, for Redeliver.
    kit.answers = [{ status: 204 }];
    const resumed = await adminHere().webhooks.pause({ id: webhook.id, paused: false });
    expect(resumed).toMatchObject({ pausedAt: null, pausedBecause: null, failedTries: 0 });
    await deliver(webhook.id, later(WEBHOOK_PAUSE_AFTER_MS + 180_000));
    expect(kit.received.slice(heard).map((r) => JSON.parse(r.body).data.title)).toEqual(["Fourth"]);
    // Newest first: Fourth, Third, Second, First.
    expect((await log(webhook.id)).map((d) => d.status)).toEqual(["delivered", "failed", "failed", "failed"]);
  });

  it("an endpoint an admin paused says so, and is not counted as the club's pause", async () => {
    const { webhook } = await add(["event.created"]);
    expect(await adminHere().webhooks.pause({ id: webhook.id, paused: true })).toMatchObject({
      pausedBecause: "admin",
    });
  });
});
