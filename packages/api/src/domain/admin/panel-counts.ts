import { applications, messageReports, type Queryable } from "@club/db";
import { isNull, sql } from "@club/db/orm";

/**
 * What waits for the admins, as the Admin Panel's cards say it ("2 pending applications"): the
 * applications not yet decided and the reported messages not yet closed.
 */
export async function panelCounts(db: Queryable) {
  const count = sql<number>`count(*)::int`;
  const [[pending], [reports]] = await Promise.all([
    db.select({ n: count }).from(applications).where(isNull(applications.accepted)),
    db.select({ n: count }).from(messageReports).where(isNull(messageReports.closedAt)),
  ]);
  return { pendingApplications: pending?.n ?? 0, openReports: reports?.n ?? 0 };
}
