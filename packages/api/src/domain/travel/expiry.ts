import type { Db } from "@club/db";
import { stays } from "@club/db";
import { and, eq, lt } from "@club/db/orm";

/** How long a host has to answer a request before it lapses and its nights are asked for no more. */
export const REQUEST_ANSWER_HOURS = 72;
export const EXPIRED_UNANSWERED = `The host did not answer within ${REQUEST_ANSWER_HOURS} hours.`;

/** Requests unanswered for 72 hours expire, each with its sentence; answers the ones it expired. */
export async function expireUnansweredRequests(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - REQUEST_ANSWER_HOURS * 3_600_000);
  return db
    .update(stays)
    .set({ status: "expired", statusReason: EXPIRED_UNANSWERED, decidedAt: now })
    .where(and(eq(stays.status, "requested"), lt(stays.createdAt, before)))
    .returning({ id: stays.id, homeId: stays.homeId, guestId: stays.guestId });
}
