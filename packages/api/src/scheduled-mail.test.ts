import type { SessionUser } from "@club/auth";
import { auditLog, groupMails, mailOutbox, rowsOf, scheduledGroupMails } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { onClubClock, sendScheduledGroupMail } from "./domain/group-mail/scheduled-mail";
import { type TestApi, testApi } from "./test/api";

// Bulk e-mail's safety net: the preview with its footer, the test to oneself, and messages
// scheduled for later (the club's clock in these tests: America/New_York).

let api: TestApi;
let admin: SessionUser;
let ann: SessionUser;
beforeAll(async () => {
  api = await testApi();
  admin = await api.member("ada@schedule.test", { admin: true, name: "Ada Admin" });
  ann = await api.member("ann@schedule.test", { type: "Founding", name: "Ann" });
});
afterAll(() => api.close());

const mailsTo = (to: string, subject: string) =>
  api.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)));
const auditOf = (kind: string, targetId: string) =>
  api.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), eq(auditLog.targetId, targetId)));
/** The waiting `mail.scheduled` jobs of a message (keyed by its id). */
const waitingJobs = async (id: string) =>
  rowsOf(
    await api.db.execute(
      sql`select start_after from pgboss.job where name = 'mail.scheduled' and singleton_key = ${id} and state = 'created'`,
    ),
    z.object({ start_after: z.coerce.date() }),
  );

/** A time on the club's clock (New York), `days` from now, at 09:00. */
function clubDay(days: number, time = "09:00"): string {
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
  return `${day}T${time}`;
}

describe("the composer's preview", () => {
  it("shows the footer members receive, with the reader's own unsubscribe link, and the body sanitised", async () => {
    const preview = await api
      .callerFor(admin)
      .mail.preview({ subject: "Salon", body: "<p>Dear members</p><script>alert(1)</script>" });
    expect(preview.html).toContain("Dear members");
    expect(preview.html).not.toContain("<script");
    expect(preview.html).toMatch(
      /You receive this as a member of the club\. <a href="http:\/\/club\.test\/unsubscribe\/[^"]+"/,
    );
    expect(preview.html).toContain("Unsubscribe from group e-mails");
    const announcement = await api
      .callerFor(ann)
      .mail.preview({ subject: "S", body: "<p>B</p>", kind: "announcements" });
    expect(announcement.html).toContain("Unsubscribe from");
    expect(announcement.html).not.toContain("Unsubscribe from group e-mails");
  });
});

describe("Send me a test", () => {
  it("sends the draft, footer included, to the admin alone, marked as a test", async () => {
    const answer = await api.callerFor(admin).adminMail.sendTest({ subject: "Gala night", body: "<p>Black tie.</p>" });
    expect(answer.message).toBe("A test was sent to ada@schedule.test.");
    const [mail, ...more] = await mailsTo(admin.email, "[Test] Gala night");
    expect(more).toHaveLength(0);
    expect(mail?.html).toContain("This is a test of a group e-mail. Only you received it");
    expect(mail?.html).toContain("Black tie.");
    expect(mail?.html).toContain("Unsubscribe from group e-mails");
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await mailsTo(ann.email, "[Test] Gala night")).toHaveLength(0);
    expect(await api.db.select().from(groupMails).where(eq(groupMails.subject, "Gala night"))).toHaveLength(0);
  });

  it("asks for a subject and a body like a real send", async () => {
    await expect(api.callerFor(admin).adminMail.sendTest({ subject: "", body: "<p>x</p>" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Subject and body are required."),
    });
  });
});

describe("a scheduled group e-mail", () => {
  it("waits with its job at its time on the club's clock, listed with who scheduled it, and the log says so", async () => {
    const sendAt = clubDay(3);
    const made = await api.callerFor(admin).adminMail.schedule({
      subject: "Book circle",
      body: "<p>Chapter two.</p><script>x()</script>",
      recipientGroup: "founding",
      sendAt,
    });
    expect(made.message).toBe("Scheduled for 1 recipient.");
    expect(made.sendAt).toEqual(onClubClock(sendAt, "America/New_York"));
    const scheduled = await api.callerFor(admin).adminMail.scheduled();
    expect(scheduled.timeZone).toBe("America/New_York");
    const [listed] = scheduled.messages.filter((m) => m.id === made.id);
    expect(listed).toMatchObject({
      subject: "Book circle",
      body: "<p>Chapter two.</p>",
      recipientGroup: "founding",
      sendAtLocal: sendAt,
      scheduledBy: "Ada Admin",
    });
    const jobs = await waitingJobs(made.id);
    expect(jobs.map((j) => j.start_after.getTime())).toEqual([made.sendAt.getTime()]);
    const [record] = await auditOf("mail.group_scheduled", made.id);
    expect(record?.detail).toMatchObject({ subject: "Book circle", recipientGroup: "founding", recipients: 1 });
    expect(await mailsTo(ann.email, "Book circle")).toHaveLength(0);
  });

  it("is refused with a reason for a time past, a day the calendar lacks, over a year ahead, or an empty group", async () => {
    const me = api.callerFor(admin);
    const draft = { subject: "S", body: "<p>B</p>", recipientGroup: "all" as const };
    const refusals = [
      [clubDay(-1), "Choose a time in the future to send it."],
      ["2027-02-30T09:00", "Choose the date and time to send it, like 2026-12-01 09:00."],
      ["next tuesday", "Choose the date and time to send it, like 2026-12-01 09:00."],
      // No minute 60 rolled into the next hour, no hour 24 into the next day.
      [`${clubDay(3).slice(0, 10)}T09:60`, "Choose the date and time to send it, like 2026-12-01 09:00."],
      [`${clubDay(3).slice(0, 10)}T24:00`, "Choose the date and time to send it, like 2026-12-01 09:00."],
      [clubDay(400), "A message can be scheduled up to a year ahead."],
    ];
    for (const [sendAt, message] of refusals) {
      await expect(me.adminMail.schedule({ ...draft, sendAt: sendAt! })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining(message!),
      });
    }
    await expect(
      me.adminMail.schedule({ ...draft, recipientGroup: "travel", sendAt: clubDay(2) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "No members are in this recipient group." });
  });

  it("can be changed until it leaves: its one job moves with it", async () => {
    const me = api.callerFor(admin);
    const { id } = await me.adminMail.schedule({
      subject: "Draft",
      body: "<p>1</p>",
      recipientGroup: "all",
      sendAt: clubDay(2),
    });
    const later = clubDay(5, "18:30");
    const changed = await me.adminMail.updateScheduled({
      id,
      subject: "Final",
      body: "<p>2</p>",
      recipientGroup: "admins",
      sendAt: later,
    });
    expect(changed.message).toBe("Schedule updated: 1 recipient.");
    const [row] = await api.db.select().from(scheduledGroupMails).where(eq(scheduledGroupMails.id, id));
    expect(row).toMatchObject({ subject: "Final", body: "<p>2</p>", recipientGroup: "admins" });
    const jobs = await waitingJobs(id);
    expect(jobs.map((j) => j.start_after.getTime())).toEqual([onClubClock(later, "America/New_York").getTime()]);
  });

  it("can be cancelled: the row and its job go, the log keeps it; a second cancel is told it is gone", async () => {
    const me = api.callerFor(admin);
    const { id } = await me.adminMail.schedule({
      subject: "Oops",
      body: "<p>x</p>",
      recipientGroup: "all",
      sendAt: clubDay(2),
    });
    expect(await me.adminMail.cancelScheduled({ id })).toEqual({ message: "The scheduled message was cancelled." });
    expect(await api.db.select().from(scheduledGroupMails).where(eq(scheduledGroupMails.id, id))).toHaveLength(0);
    expect(await waitingJobs(id)).toHaveLength(0);
    expect(await auditOf("mail.group_cancelled", id)).toHaveLength(1);
    const gone = { code: "NOT_FOUND", message: "This message has already been sent or was cancelled." };
    await expect(me.adminMail.cancelScheduled({ id })).rejects.toMatchObject(gone);
    await expect(
      me.adminMail.updateScheduled({ id, subject: "S", body: "<p>B</p>", recipientGroup: "all", sendAt: clubDay(3) }),
    ).rejects.toMatchObject(gone);
  });

  it("leaves when due, as its row says then, to the group's members then, under its scheduler's name", async () => {
    const me = api.callerFor(admin);
    const { id } = await me.adminMail.schedule({
      subject: "Due",
      body: "<p>Now.</p>",
      recipientGroup: "all",
      sendAt: clubDay(1),
    });
    const ctx = { db: api.db, jobs: api.jobs, config: api.contextFor(admin).config };
    // Its time has not come: a run (one that waited while the time moved) sends nothing.
    expect(await sendScheduledGroupMail(ctx, id)).toBe("not due");
    await api.db
      .update(scheduledGroupMails)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledGroupMails.id, id));
    expect(await sendScheduledGroupMail(ctx, id)).toBe("sent");
    expect((await mailsTo(ann.email, "Due"))[0]?.html).toContain("Now.");
    expect(await mailsTo(admin.email, "Due")).toHaveLength(1);
    expect(await api.db.select().from(scheduledGroupMails).where(eq(scheduledGroupMails.id, id))).toHaveLength(0);
    const [sent] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "mail.group_sent"), sql`${auditLog.detail}->>'subject' = 'Due'`));
    expect(sent).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
    // A second run of the same job (a retry after the commit) finds it gone.
    expect(await sendScheduledGroupMail(ctx, id)).toBe("gone");
    expect(await mailsTo(ann.email, "Due")).toHaveLength(1);

    // Kept as sent, and opened again as a new draft.
    const [listed] = (await me.adminMail.sent()).filter((m) => m.subject === "Due");
    expect(listed).toMatchObject({ recipientGroup: "all", recipients: 2, sentBy: "Ada Admin" });
    expect(await me.adminMail.sentMessage({ id: listed!.id })).toEqual({
      subject: "Due",
      body: "<p>Now.</p>",
      recipientGroup: "all",
    });
  });

  it("whose group has emptied by its time is withdrawn, and the log says why", async () => {
    const gone = await api.member("gone@schedule.test", { type: "Travel Host" });
    const me = api.callerFor(admin);
    const { id } = await me.adminMail.schedule({
      subject: "Hosts",
      body: "<p>x</p>",
      recipientGroup: "travel",
      sendAt: clubDay(1),
    });
    await me.users.delete({ userId: gone.id });
    await api.db
      .update(scheduledGroupMails)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledGroupMails.id, id));
    const ctx = { db: api.db, jobs: api.jobs, config: api.contextFor(admin).config };
    expect(await sendScheduledGroupMail(ctx, id)).toBe("no recipients");
    expect(await api.db.select().from(scheduledGroupMails).where(eq(scheduledGroupMails.id, id))).toHaveLength(0);
    const [record] = await auditOf("mail.group_cancelled", id);
    expect(record?.detail).toMatchObject({ reason: "No members are in this recipient group." });
  });
});
