import type { AddressInfo } from "node:net";
import { type DbHandle, mailOutbox } from "@club/db";
import { createTestDb } from "@club/db/testing";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { enqueueMail } from "./outbox";
import { createCaptureTransport, createSmtpTransport } from "./transport";
import { startMailWorker } from "./worker";

let h: DbHandle;
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  h = await createTestDb();
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
  await new Promise<void>((r) => smtp.close(() => r()));
  await h.close();
});

describe("mail outbox", () => {
  it("delivers queued HTML mail over SMTP with a plain-text part, once", async () => {
    const [id] = await enqueueMail(h.db, [
      {
        to: "ada@example.com",
        subject: "Welcome",
        html: '<p>Hello <b>Ada</b></p><p><a href="https://x.test/a">Open</a></p>',
      },
    ]);
    const worker = startMailWorker({
      db: h.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`, "club@example.com"),
      intervalMs: 60_000,
    });
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe("Welcome");
    expect(received[0]!.text).toContain("Hello Ada");
    expect(received[0]!.text).toContain("Open (https://x.test/a)");
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row!.status).toBe("sent");
  });

  it("keeps a message pending with backoff while SMTP is down", async () => {
    const [id] = await enqueueMail(h.db, [{ to: "b@example.com", subject: "Later", html: "<p>x</p>" }]);
    const worker = startMailWorker({
      db: h.db,
      transport: createSmtpTransport("smtp://127.0.0.1:1", "club@example.com"),
      intervalMs: 60_000,
    });
    await worker.runOnce();
    await worker.stop();
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row!.status).toBe("pending");
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  // Only a database server has a clock of its own: embedded PGlite reads this process's clock.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "goes by the database's clock, so a server whose clock runs behind still sends at once",
    async () => {
      await h.db.delete(mailOutbox);
      const [id] = await enqueueMail(h.db, [{ to: "d@example.com", subject: "Now", html: "<p>now</p>" }]);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 60_000 });
      try {
        const worker = startMailWorker({ db: h.db, transport: createCaptureTransport(), intervalMs: 60_000 });
        expect(await worker.runOnce()).toBe(1);
        await worker.stop();
      } finally {
        vi.useRealTimers();
      }
      const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      expect(row!.status).toBe("captured");
    },
  );

  it("keeps captured mail readable in the outbox when no SMTP is configured", async () => {
    await h.db.delete(mailOutbox);
    const [id] = await enqueueMail(h.db, [{ to: "c@example.com", subject: "Kept", html: "<p>kept</p>" }]);
    const worker = startMailWorker({ db: h.db, transport: createCaptureTransport(), intervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row!.status).toBe("captured");
    expect(row!.text).toBe("kept");
  });
});
