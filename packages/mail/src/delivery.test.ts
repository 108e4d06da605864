import type { AddressInfo } from "node:net";
import { type DbHandle, mailOutbox } from "@club/db";
import { eq } from "@club/db/orm";
import { createTestDb } from "@club/db/testing";
import { JobQueue, jobKinds } from "@club/jobs";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverOutboxMessage, enqueueMail, requeueMail } from "./outbox";
import { createCaptureTransport, createSmtpTransport } from "./transport";

let h: DbHandle;
let jobs: JobQueue;
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let port: number;
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  h = await createTestDb();
  jobs = new JobQueue({
    connection: h.raw,
    kinds: jobKinds,
    log: quiet,
    pollingIntervalSeconds: 0.5,
    schedule: false,
  });
  await jobs.start();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        received.push(m);
        cb();
      }, cb);
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await jobs.stop(1000);
  await new Promise<void>((r) => smtp.close(() => r()));
  await h.close();
});

const row = async (id: string) => (await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const smtpTransport = () => createSmtpTransport(`smtp://127.0.0.1:${port}`, "club@example.com");

describe("mail delivery", () => {
  it("delivers HTML mail over SMTP with a plain-text part, once even when its job runs twice", async () => {
    const [id] = await enqueueMail(h.db, jobs, [
      {
        to: "ada@example.com",
        subject: "Welcome",
        html: '<p>Hello <b>Ada</b></p><p><a href="https://x.test/a">Open</a></p>',
      },
    ]);
    const transport = smtpTransport();
    await deliverOutboxMessage(h.db, transport, id!, { attempt: 1, lastAttempt: false });
    await deliverOutboxMessage(h.db, transport, id!, { attempt: 2, lastAttempt: false });
    const mine = received.filter((m) => m.subject === "Welcome");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain("Hello Ada");
    expect(mine[0]!.text).toContain("Open (https://x.test/a)");
    expect(await row(id!)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("keeps a message while SMTP is down, records each failure, and marks it failed after the last", async () => {
    const [id] = await enqueueMail(h.db, jobs, [{ to: "b@example.com", subject: "Later", html: "<p>x</p>" }]);
    const down = createSmtpTransport("smtp://127.0.0.1:1", "club@example.com");
    await expect(deliverOutboxMessage(h.db, down, id!, { attempt: 1, lastAttempt: false })).rejects.toThrow();
    expect(await row(id!)).toMatchObject({ status: "pending", attempts: 1, html: "<p>x</p>" });
    expect((await row(id!)).lastError).toMatch(/ECONNREFUSED|connect/);
    await expect(deliverOutboxMessage(h.db, down, id!, { attempt: 9, lastAttempt: true })).rejects.toThrow();
    expect(await row(id!)).toMatchObject({ status: "failed", attempts: 9 });
    // "Send again": it waits once more, and goes when SMTP is back.
    expect(await requeueMail(h.db, jobs, id!)).toBe(true);
    await deliverOutboxMessage(h.db, smtpTransport(), id!, { attempt: 1, lastAttempt: false });
    expect(await row(id!)).toMatchObject({ status: "sent" });
    expect(received.filter((m) => m.subject === "Later")).toHaveLength(1);
  });

  it("keeps captured mail readable in the outbox when no SMTP is configured", async () => {
    const [id] = await enqueueMail(h.db, jobs, [{ to: "c@example.com", subject: "Kept", html: "<p>kept</p>" }]);
    await deliverOutboxMessage(h.db, createCaptureTransport(), id!, { attempt: 1, lastAttempt: false });
    expect(await row(id!)).toMatchObject({ status: "captured", text: "kept" });
  });

  it("goes through the job queue: queued with its change, delivered by a worker, never when the change rolled back", async () => {
    const transport = smtpTransport();
    await jobs.work("mail.send", (p, job) => deliverOutboxMessage(h.db, transport, p.outboxId, job));
    await h.db
      .transaction(async (tx) => {
        await enqueueMail(tx, jobs, [{ to: "e@example.com", subject: "Rolled back", html: "<p>no</p>" }]);
        throw new Error("the change failed");
      })
      .catch(() => {});
    const [id] = await h.db.transaction((tx) =>
      enqueueMail(tx, jobs, [{ to: "e@example.com", subject: "Committed", html: "<p>yes</p>" }]),
    );
    await expect.poll(async () => (await row(id!)).status, { timeout: 10_000 }).toBe("sent");
    // The receiver reads the message after the server has accepted it.
    await expect.poll(() => received.map((m) => m.subject), { timeout: 10_000 }).toContain("Committed");
    // The rolled-back message left no row, so no job could ever send it.
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Rolled back"))).toEqual([]);
    expect(received.map((m) => m.subject)).not.toContain("Rolled back");
  });
});
