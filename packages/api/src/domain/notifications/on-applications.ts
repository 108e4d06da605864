import { type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import { notify } from "./notify";

/** A membership application arrived: every admin hears of it (reading it stays admins' only). */
export async function noticeApplication(db: Queryable, applicationId: string): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.admin, true));
  await notify(db, {
    kind: "application",
    recipients: admins.map((a) => a.id),
    actorId: null,
    subjectId: applicationId,
  });
}
