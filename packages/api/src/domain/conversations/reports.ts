import { conversationMembers, messageReports, messages, type Queryable, users } from "@club/db";
import { and, asc, desc, eq, isNull, sql } from "@club/db/orm";
import { FORMER_MEMBER } from "@club/shared";
import { badRequest, notFound } from "../../errors";
import { requireReadableMessage, type Viewer } from "../access";
import { noticeReport } from "../notifications/on-reports";
import { toMessages } from "./messages";

/** How many messages either side of a reported one the admins see. */
const CONTEXT = 5;
/** The most open reports one member may have waiting (each tells every admin). */
const OPEN_REPORTS_PER_MEMBER = 20;
/** The most reports the admins' page lists at once (oldest open first). */
const REPORTS_PAGE = 50;
const REPORT_NOT_FOUND = "Report not found.";

/**
 * She reports a message in a conversation she is in (not her own) to the admins, with why. The
 * admins hear of it in the bell; they see that message and five either side of it, and nothing
 * else of the conversation. One report per message and member: reporting again changes the reason.
 */
export async function reportMessage(db: Queryable, viewer: Viewer, messageId: string, reason: string): Promise<string> {
  const message = await requireReadableMessage(db, viewer, messageId);
  if (message.authorId === viewer.id) throw badRequest("You cannot report your own message.");
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageReports)
    .where(and(eq(messageReports.reporterId, viewer.id), isNull(messageReports.closedAt)));
  if ((open?.n ?? 0) >= OPEN_REPORTS_PER_MEMBER)
    throw badRequest(
      `You have ${OPEN_REPORTS_PER_MEMBER} reports waiting for the admins; they will look at them soon.`,
    );
  await db.transaction(async (tx) => {
    const [already] = await tx
      .select({ id: messageReports.id })
      .from(messageReports)
      .where(
        and(
          eq(messageReports.messageId, messageId),
          eq(messageReports.reporterId, viewer.id),
          isNull(messageReports.closedAt),
        ),
      );
    let id = already?.id;
    if (already) await tx.update(messageReports).set({ reason }).where(eq(messageReports.id, already.id));
    else {
      const [made] = await tx
        .insert(messageReports)
        .values({ messageId, reporterId: viewer.id, reason })
        .returning({ id: messageReports.id });
      id = made?.id;
    }
    if (!id) throw new Error("The report was not written.");
    await noticeReport(tx, viewer.id, id);
  });
  return "Thank you: the message is reported to the club's administrators.";
}

/** The reports still open (oldest first), each with its message in context: the admins' page. */
export async function openReports(db: Queryable, admin: Viewer) {
  const rows = await db
    .select({ report: messageReports, message: messages, reporter: users.name })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .leftJoin(users, eq(users.id, messageReports.reporterId))
    .where(isNull(messageReports.closedAt))
    .orderBy(asc(messageReports.createdAt), asc(messageReports.id))
    .limit(REPORTS_PAGE);
  return Promise.all(
    rows.map(async ({ report, message, reporter }) => {
      // The database's own microseconds: a Date keeps milliseconds only.
      const at = sql`(select m.created_at, m.id from ${messages} m where m.id = ${message.id}::uuid)`;
      const side = (before: boolean) =>
        db
          .select()
          .from(messages)
          .where(
            and(
              eq(messages.conversationId, message.conversationId),
              before
                ? sql`(${messages.createdAt}, ${messages.id}) < ${at}`
                : sql`(${messages.createdAt}, ${messages.id}) > ${at}`,
            ),
          )
          .orderBy(
            before ? desc(messages.createdAt) : asc(messages.createdAt),
            before ? desc(messages.id) : asc(messages.id),
          )
          .limit(CONTEXT);
      const [earlier, later] = await Promise.all([side(true), side(false)]);
      const around = [...earlier.reverse(), message, ...later];
      const members = await db
        .select({ name: users.name })
        .from(conversationMembers)
        .innerJoin(users, eq(users.id, conversationMembers.userId))
        .where(eq(conversationMembers.conversationId, message.conversationId))
        .orderBy(asc(users.name));
      const context = await toMessages(db, admin, around);
      const shown = context.find((m) => m.id === message.id);
      if (!shown) throw new Error("A reported message was not among its own context.");
      return {
        id: report.id,
        reason: report.reason,
        reporter_name: reporter ?? FORMER_MEMBER,
        created_at: report.createdAt,
        closed_at: report.closedAt,
        message: shown,
        context,
        members: members.map((m) => m.name),
      };
    }),
  );
}

/** An admin closes a report once dealt with (it leaves the page; the message stays). */
export async function closeReport(db: Queryable, admin: Viewer, id: string): Promise<string> {
  const closed = await db
    .update(messageReports)
    .set({ closedAt: sql`now()`, closedBy: admin.id })
    .where(and(eq(messageReports.id, id), isNull(messageReports.closedAt)))
    .returning({ id: messageReports.id });
  if (closed.length === 0) throw notFound(REPORT_NOT_FOUND);
  return "The report is closed.";
}
