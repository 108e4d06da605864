import { type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import { notify } from "./notify";

/** A member reported a message: every admin hears of it (the message itself stays on the reports page). */
export async function noticeReport(db: Queryable, reporterId: string, reportId: string): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.admin, true));
  await notify(db, { kind: "report", recipients: admins.map((a) => a.id), actorId: reporterId, subjectId: reportId });
}
