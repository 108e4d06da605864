import { type Db, groupMails, type Queryable, type Tx, users } from "@club/db";
import { and, asc, count, eq, inArray, type SQL, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, groupMail, htmlToText } from "@club/mail";
import type { RecipientGroup } from "@club/shared";
import type { ApiConfig } from "../../context";
import { badRequest } from "../../errors";
import { sanitizeEmailHtml } from "../../lib/sanitize";
import { type AuditActor, recordAudit } from "../audit/record";
import { receivesKind, unsubscribeLinks } from "./kinds";

function groupFilter(group: RecipientGroup, selected: string[] | undefined): SQL | undefined {
  switch (group) {
    case "all":
      return undefined;
    case "founding":
      return eq(users.type, "Founding");
    case "standard":
      return eq(users.type, "Standard");
    case "travel":
      return eq(users.type, "Travel Host");
    case "admins":
      return eq(users.admin, true);
    case "testing":
      return eq(users.testingTeam, true);
    case "selected":
      return inArray(users.id, selected ?? []);
  }
}

/** Every member, by name, for the admin choosing the recipients of a group e-mail one by one. */
export function listMembersToMail(db: Queryable) {
  return db
    .select({ user_id: users.id, name: users.name, email: users.email, type: users.type })
    .from(users)
    .orderBy(asc(users.name));
}

export const NO_RECIPIENTS = "No members are in this recipient group.";

/** A message to a mailing group, as the composer sends it. */
export interface GroupMessage {
  subject: string;
  body: string;
  recipientGroup: RecipientGroup;
  selectedMemberIds?: string[] | undefined;
}

/** An admin's group mail, or an event's announcement: each is a kind of mail she may stop. */
export type GroupMailKind = "group" | "announcements";

/** The members of a mailing group (SPEC.md section 9) who receive this kind of mail. */
export function recipientsOf(db: Queryable, kind: GroupMailKind, group: RecipientGroup, selected?: string[]) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(groupFilter(group, selected), receivesKind(kind)));
}

/**
 * What the composer shows before sending: how many of the group will receive the message, and how
 * many of it stopped this kind of mail and will not.
 */
export async function countRecipients(
  db: Queryable,
  kind: GroupMailKind,
  group: RecipientGroup,
  selected?: string[],
): Promise<{ recipients: number; optedOut: number }> {
  const [row] = await db
    .select({
      all: count(),
      optedOut: sql<number>`count(*) filter (where not ${receivesKind(kind)})`.mapWith(Number),
    })
    .from(users)
    .where(groupFilter(group, selected));
  const all = row?.all ?? 0;
  const optedOut = row?.optedOut ?? 0;
  return { recipients: all - optedOut, optedOut };
}

/**
 * A group message: the body is sanitised, then one message per recipient who has not stopped this
 * kind of mail is queued (nobody sees another's address; each carries her own unsubscribe link), all in one transaction with its audit record (the group, the subject
 * and how many; an event's announcement names its event). Returns how many were queued.
 */
export async function queueGroupMail(
  ctx: { db: Db; jobs: JobSender; config: Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets"> },
  message: GroupMessage,
  sender: { actor: AuditActor; eventId?: string | undefined },
  /** The transaction to queue in (a scheduled message leaving with its row); else one of its own. */
  within?: Tx,
): Promise<number> {
  const { jobs } = ctx;
  const db = within ?? ctx.db;
  // An event's announcement is stopped apart from the admins' group mail.
  const kind: GroupMailKind = sender.eventId ? "announcements" : "group";
  const recipients = await recipientsOf(db, kind, message.recipientGroup, message.selectedMemberIds);
  if (recipients.length === 0) throw badRequest(NO_RECIPIENTS);
  const body = await sanitizeEmailHtml(message.body);
  const linkFor = await unsubscribeLinks(db, ctx.config, kind);
  const inTransaction = (work: (tx: Tx) => Promise<void>) => (within ? work(within) : ctx.db.transaction(work));
  await inTransaction(async (tx) => {
    await recordAudit(tx, sender.actor, {
      kind: "mail.group_sent",
      targetId: sender.eventId,
      detail: {
        group: message.recipientGroup,
        subject: message.subject,
        recipients: recipients.length,
        ...(sender.eventId ? { eventId: sender.eventId } : {}),
      },
    });
    // The admins' own group mail is kept as sent: those to all members are the news on members' homes.
    if (!sender.eventId) {
      await tx.insert(groupMails).values({
        subject: message.subject,
        html: body,
        text: htmlToText(body),
        recipientGroup: message.recipientGroup,
        recipients: recipients.length,
        sentBy: sender.actor.id,
      });
    }
    await enqueueMail(
      tx,
      jobs,
      recipients.map((r) => ({ to: r.email, ...groupMail(message.subject, body, linkFor(r.id)) })),
    );
  });
  return recipients.length;
}
