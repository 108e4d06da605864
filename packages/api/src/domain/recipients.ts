import { type Db, type Queryable, users } from "@club/db";
import { asc, eq, inArray, type SQL } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, groupMail, htmlToText } from "@club/mail";
import type { RecipientGroup } from "@club/shared";
import { badRequest } from "../errors";
import { type AuditActor, recordAudit } from "./audit";
import { sanitizeEmailHtml } from "./sanitize";

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

/** The members of a mailing group (SPEC.md section 9). */
export function recipientsOf(db: Queryable, group: RecipientGroup, selected?: string[]) {
  return db.select({ email: users.email }).from(users).where(groupFilter(group, selected));
}

/**
 * A group message as it is sent: the admin's body sanitised, in the club's layout, and its
 * plain-text part. The composer's preview shows this very result.
 */
export function groupMailContent(subject: string, body: string): { subject: string; html: string; text: string } {
  const content = groupMail(subject, sanitizeEmailHtml(body));
  return { ...content, text: htmlToText(content.html) };
}

/**
 * A group message: the body is sanitised, then one message per recipient is queued (nobody
 * sees another's address), all in one transaction with its audit record (the group, the subject
 * and how many; an event's announcement names its event). Returns how many were queued.
 */
export async function queueGroupMail(
  db: Db,
  jobs: JobSender,
  message: { subject: string; body: string; recipientGroup: RecipientGroup; selectedMemberIds?: string[] | undefined },
  sender: { actor: AuditActor; eventId?: string | undefined },
): Promise<number> {
  const recipients = await recipientsOf(db, message.recipientGroup, message.selectedMemberIds);
  if (recipients.length === 0) throw badRequest("No members are in this recipient group.");
  const content = groupMailContent(message.subject, message.body);
  await db.transaction(async (tx) => {
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
    await enqueueMail(
      tx,
      jobs,
      recipients.map((r) => ({ to: r.email, ...content })),
    );
  });
  return recipients.length;
}
