import { idempotentRequests, type Queryable } from "@club/db";
import { and, eq, sql } from "@club/db/orm";

// `Idempotency-Key` on the REST creates (docs/integrating.md, "Retrying safely"): the first
// request with a key is claimed, then its answer kept; a retry with the key gets that answer.

/** How long a key names its request: a retry a day later is a new request. */
export const IDEMPOTENCY_KEEP_HOURS = 24;
/**
 * A claim still unanswered this long belongs to a request that died with its server (a request
 * answers or fails well within it, an upload of the largest file on a slow line included).
 */
export const IDEMPOTENCY_STALE_MINUTES = 10;
/** The largest answer kept; a larger one is not replayed (the creates' answers are a few KB). */
export const IDEMPOTENT_ANSWER_MAX_BYTES = 256 * 1024;
/** What a key may be: 1 to 255 visible ASCII characters, a UUID for instance. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** The method and URL, e.g. `POST /api/events`. */
  request: string;
  fingerprint: string;
}

export type Claim =
  | { kind: "new" }
  | { kind: "replay"; status: number; answer: string; contentType: string | null }
  | { kind: "in flight" }
  | { kind: "another request" };

/**
 * Claims the key for this request, or says what became of it: answered (replay), still being
 * handled, or sent with another request. A key kept past its day, or claimed by a request that
 * died, is claimed anew.
 */
export async function claimIdempotencyKey(db: Queryable, asked: IdempotentRequest): Promise<Claim> {
  const t = idempotentRequests;
  // Twice at most: a claim released between the insert and the read is gone when read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claimed] = await db
      .insert(t)
      .values(asked)
      .onConflictDoUpdate({
        target: [t.userId, t.key],
        set: {
          request: asked.request,
          fingerprint: asked.fingerprint,
          status: null,
          answer: null,
          contentType: null,
          createdAt: sql`now()`,
        },
        setWhere: sql`${t.createdAt} < now() - ${IDEMPOTENCY_KEEP_HOURS}::integer * interval '1 hour'
          or (${t.status} is null and ${t.createdAt} < now() - ${IDEMPOTENCY_STALE_MINUTES}::integer * interval '1 minute')`,
      })
      .returning({ key: t.key });
    if (claimed) return { kind: "new" };
    const [held] = await db
      .select({
        request: t.request,
        fingerprint: t.fingerprint,
        status: t.status,
        answer: t.answer,
        contentType: t.contentType,
      })
      .from(t)
      .where(and(eq(t.userId, asked.userId), eq(t.key, asked.key)));
    if (!held) continue;
    if (held.request !== asked.request || held.fingerprint !== asked.fingerprint) return { kind: "another request" };
    if (held.status === null || held.answer === null) return { kind: "in flight" };
    return { kind: "replay", status: held.status, answer: held.answer, contentType: held.contentType };
  }
  return { kind: "in flight" };
}

/** Keeps the claimed request's answer, for the retries to come. */
export async function keepIdempotentAnswer(
  db: Queryable,
  claim: Pick<IdempotentRequest, "userId" | "key">,
  answer: { status: number; body: string; contentType: string | null },
): Promise<void> {
  const t = idempotentRequests;
  await db
    .update(t)
    .set({ status: answer.status, answer: answer.body, contentType: answer.contentType })
    .where(and(eq(t.userId, claim.userId), eq(t.key, claim.key)));
}

/** Gives the key back: the request failed or was refused, and a retry should be handled anew. */
export async function releaseIdempotencyKey(
  db: Queryable,
  claim: Pick<IdempotentRequest, "userId" | "key">,
): Promise<void> {
  const t = idempotentRequests;
  await db.delete(t).where(and(eq(t.userId, claim.userId), eq(t.key, claim.key), sql`${t.status} is null`));
}

/** Keys past their day, for the daily housekeeping; how many went. */
export async function deleteExpiredIdempotencyKeys(db: Queryable): Promise<number> {
  const t = idempotentRequests;
  const gone = await db
    .delete(t)
    .where(sql`${t.createdAt} < now() - ${IDEMPOTENCY_KEEP_HOURS}::integer * interval '1 hour'`)
    .returning({ key: t.key });
  return gone.length;
}
