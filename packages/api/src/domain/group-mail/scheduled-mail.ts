import { type Db, groupMails, scheduledGroupMails, users } from "@club/db";
import { asc, desc, eq, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { RecipientGroup } from "@club/shared";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { ApiConfig } from "../../context";
import { badRequest, notFound } from "../../errors";
import { sanitizeEmailHtml } from "../../lib/sanitize";
import { type AuditActor, recordAudit } from "../audit/record";
import { countRecipients, type GroupMessage, NO_RECIPIENTS, queueGroupMail } from "./recipients";

// Group e-mails sent later (Admin Panel → Bulk e-mail, "Schedule"), and those already sent.

type Ctx = { db: Db; jobs: JobSender; config: Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets" | "timeZone"> };

export const SCHEDULED_GONE = "This message has already been sent or was cancelled.";
/** The furthest ahead a message may wait: a club's plans rarely reach further, and a typo in the year would. */
const LONGEST_WAIT_DAYS = 366;

/** A wall-clock time on the club's clock ("2026-12-01T09:00") as an instant. */
export function onClubClock(local: string, timeZone: string): Date {
  const [day = "", time = ""] = local.split("T");
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = day.split("-").map(Number);
  const [hh = Number.NaN, mm = Number.NaN, ss = 0] = time.split(":").map(Number);
  const at = new TZDate(y, m - 1, d, hh, mm, ss, timeZone);
  // Refuse what the calendar does not have (2026-02-30) instead of rolling it into March.
  if (Number.isNaN(at.getTime()) || format(at, "yyyy-MM-dd") !== day)
    throw badRequest("Choose the date and time to send it, like 2026-12-01 09:00.");
  return new Date(at.getTime());
}

/** The instant as the club's clock shows it, for the composer's field ("2026-12-01T09:00"). */
export function clubClockField(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

function whenToSend(local: string, timeZone: string, now = Date.now()): Date {
  const at = onClubClock(local, timeZone);
  if (at.getTime() <= now) throw badRequest("Choose a time in the future to send it.");
  if (at.getTime() > now + LONGEST_WAIT_DAYS * 86_400_000)
    throw badRequest("A message can be scheduled up to a year ahead.");
  return at;
}

async function requireRecipients(ctx: Ctx, m: GroupMessage): Promise<number> {
  const { recipients } = await countRecipients(ctx.db, "group", m.recipientGroup, m.selectedMemberIds);
  if (recipients === 0) throw badRequest(NO_RECIPIENTS);
  return recipients;
}

const rowValues = async (m: GroupMessage, sendAt: Date) => ({
  subject: m.subject,
  body: await sanitizeEmailHtml(m.body),
  recipientGroup: m.recipientGroup,
  selectedMemberIds: m.recipientGroup === "selected" ? (m.selectedMemberIds ?? []) : null,
  sendAt,
});

/**
 * Keeps the message for later and sets its job for its time, with the audit record, in one
 * transaction. The recipients are the group's members when it leaves; the count is today's.
 */
export async function scheduleGroupMail(
  ctx: Ctx,
  message: GroupMessage & { sendAt: string },
  actor: AuditActor,
): Promise<{ id: string; sendAt: Date; recipients: number }> {
  const sendAt = whenToSend(message.sendAt, ctx.config.timeZone);
  const recipients = await requireRecipients(ctx, message);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scheduledGroupMails)
      .values({ ...(await rowValues(message, sendAt)), createdBy: actor.id })
      .returning({ id: scheduledGroupMails.id });
    if (!row) throw new Error("The scheduled message was not stored.");
    await ctx.jobs.sendKeyed("mail.scheduled", row.id, { scheduledId: row.id }, { tx, startAfter: sendAt });
    await recordAudit(tx, actor, {
      kind: "mail.group_scheduled",
      targetId: row.id,
      detail: {
        subject: message.subject,
        recipientGroup: message.recipientGroup,
        recipients,
        sendAt: sendAt.toISOString(),
      },
    });
    return row.id;
  });
  return { id, sendAt, recipients };
}

/** A waiting message changed: its text, group or time (its job moves with it). */
export async function updateScheduledGroupMail(
  ctx: Ctx,
  id: string,
  message: GroupMessage & { sendAt: string },
): Promise<{ sendAt: Date; recipients: number }> {
  const sendAt = whenToSend(message.sendAt, ctx.config.timeZone);
  const recipients = await requireRecipients(ctx, message);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(scheduledGroupMails)
      .set({ ...(await rowValues(message, sendAt)), updatedAt: sql`now()` })
      .where(eq(scheduledGroupMails.id, id))
      .returning({ id: scheduledGroupMails.id });
    if (!row) throw notFound(SCHEDULED_GONE);
    await ctx.jobs.sendKeyed("mail.scheduled", id, { scheduledId: id }, { tx, startAfter: sendAt });
  });
  return { sendAt, recipients };
}

/** A waiting message withdrawn: the row and its job go, the audit log keeps that it was. */
export async function cancelScheduledGroupMail(ctx: Ctx, id: string, actor: AuditActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(scheduledGroupMails).where(eq(scheduledGroupMails.id, id)).returning();
    if (!row) throw notFound(SCHEDULED_GONE);
    await ctx.jobs.cancelKeyed("mail.scheduled", id, { tx });
    await recordAudit(tx, actor, {
      kind: "mail.group_cancelled",
      targetId: id,
      detail: { subject: row.subject, recipientGroup: row.recipientGroup, sendAt: row.sendAt.toISOString() },
    });
  });
}

/**
 * The `mail.scheduled` job: the message leaves as its row says now, to the group's members now,
 * under the name of the admin who scheduled it. The row is locked first, so a cancel or an edit
 * either comes before (nothing, or the new time: this run ends and the moved job sends it) or
 * waits and finds it gone. A message whose group has emptied leaves nothing and is dropped.
 */
export async function sendScheduledGroupMail(
  ctx: Ctx,
  id: string,
): Promise<"sent" | "not due" | "gone" | "no recipients"> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ mail: scheduledGroupMails, email: users.email })
      .from(scheduledGroupMails)
      .leftJoin(users, eq(users.id, scheduledGroupMails.createdBy))
      .where(eq(scheduledGroupMails.id, id))
      .for("update", { of: scheduledGroupMails });
    if (!row) return "gone";
    const { mail } = row;
    // Moved later while this run waited for the lock: the moved job sends it.
    if (mail.sendAt.getTime() > Date.now() + 1000) return "not due";
    await tx.delete(scheduledGroupMails).where(eq(scheduledGroupMails.id, id));
    const message: GroupMessage = {
      subject: mail.subject,
      body: mail.body,
      recipientGroup: mail.recipientGroup as RecipientGroup,
      selectedMemberIds: mail.selectedMemberIds ?? undefined,
    };
    const actor: AuditActor = { id: mail.createdBy, email: row.email, ip: null };
    try {
      await tx.transaction((inner) => queueGroupMail(ctx, message, { actor }, inner));
    } catch (err) {
      if (!(err instanceof Error && err.message === NO_RECIPIENTS)) throw err;
      // Nobody left in the group: the message is withdrawn, and the log says why.
      await recordAudit(tx, actor, {
        kind: "mail.group_cancelled",
        targetId: id,
        detail: {
          subject: mail.subject,
          recipientGroup: mail.recipientGroup,
          sendAt: mail.sendAt.toISOString(),
          reason: NO_RECIPIENTS,
        },
      });
      return "no recipients";
    }
    return "sent";
  });
}

/** The waiting messages, soonest first, with who scheduled each, and the club's zone their times are in. */
export async function listScheduledGroupMails(ctx: Pick<Ctx, "db" | "config">) {
  return { timeZone: ctx.config.timeZone, messages: await scheduledRows(ctx) };
}

async function scheduledRows(ctx: Pick<Ctx, "db" | "config">) {
  const rows = await ctx.db
    .select({ mail: scheduledGroupMails, by: users.name })
    .from(scheduledGroupMails)
    .leftJoin(users, eq(users.id, scheduledGroupMails.createdBy))
    .orderBy(asc(scheduledGroupMails.sendAt));
  return rows.map(({ mail, by }) => ({
    id: mail.id,
    subject: mail.subject,
    body: mail.body,
    recipientGroup: mail.recipientGroup as RecipientGroup,
    selectedMemberIds: mail.selectedMemberIds ?? [],
    sendAt: mail.sendAt,
    /** The time on the club's clock, as the composer's field takes it. */
    sendAtLocal: clubClockField(mail.sendAt, ctx.config.timeZone),
    scheduledBy: by,
  }));
}

/** The group e-mails sent, newest first (without their bodies): each can be opened as a new draft. */
export async function listSentGroupMails(db: Db, limit = 50) {
  return db
    .select({
      id: groupMails.id,
      subject: groupMails.subject,
      recipientGroup: groupMails.recipientGroup,
      recipients: groupMails.recipients,
      sentAt: groupMails.sentAt,
      sentBy: users.name,
    })
    .from(groupMails)
    .leftJoin(users, eq(users.id, groupMails.sentBy))
    .orderBy(desc(groupMails.sentAt))
    .limit(limit);
}

/** One sent message, to be opened again as a new draft. */
export async function sentGroupMail(db: Db, id: string) {
  const [row] = await db
    .select({ subject: groupMails.subject, body: groupMails.html, recipientGroup: groupMails.recipientGroup })
    .from(groupMails)
    .where(eq(groupMails.id, id));
  if (!row) throw notFound("This message was not found.");
  return { ...row, recipientGroup: row.recipientGroup as RecipientGroup };
}
