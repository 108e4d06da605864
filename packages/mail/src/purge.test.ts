import { type DbHandle, mailOutbox } from "@club/db";
import { asc, eq } from "@club/db/orm";
import { createTestDb } from "@club/db/testing";
import { discardJobs } from "@club/jobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail, purgeOldBodies } from "./outbox";

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

const DAY = 24 * 3600_000;

describe("old mail bodies", () => {
  it("are emptied once delivered (or given up on) longer ago than the keep time; the envelope stays", async () => {
    const message = (to: string) => ({
      to,
      subject: `For ${to}`,
      html: `<a href="https://club.test/register/secret-${to}">Register</a>`,
      attachments: [{ filename: "e.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
    });
    await enqueueMail(
      h.db,
      discardJobs,
      ["old-sent", "new-sent", "old-pending", "old-failed", "old-captured"].map(message),
    );
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    const set = (to: string, values: Partial<typeof mailOutbox.$inferInsert>) =>
      h.db.update(mailOutbox).set(values).where(eq(mailOutbox.to, to));
    await set("old-sent", { status: "sent", sentAt: at(8) });
    await set("new-sent", { status: "sent", sentAt: at(1) });
    await set("old-pending", { createdAt: at(8) });
    await set("old-failed", { status: "failed", createdAt: at(9) });
    await set("old-captured", { status: "captured", sentAt: at(30) });

    expect(await purgeOldBodies(h.db, 7)).toBe(3);
    const rows = await h.db.select().from(mailOutbox).orderBy(asc(mailOutbox.to));
    const purged = rows.filter((r) => r.bodyPurgedAt).map((r) => r.to);
    expect(purged.sort()).toEqual(["old-captured", "old-failed", "old-sent"]);
    for (const r of rows) {
      const gone = purged.includes(r.to);
      expect(r.html.includes("secret"), r.to).toBe(!gone);
      expect(r.text.includes("secret"), r.to).toBe(!gone);
      expect(r.attachments.length, r.to).toBe(gone ? 0 : 1);
      expect(r.subject).toBe(`For ${r.to}`);
    }
    // Nothing is purged twice.
    expect(await purgeOldBodies(h.db, 7)).toBe(0);
  });
});
