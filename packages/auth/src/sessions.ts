import { apiTokens, type Queryable, type Session, sessions, type User, users } from "@club/db";
import { and, eq, isNull, lt, ne, sql } from "@club/db/orm";
import { generateToken, hashToken } from "./tokens";

const DAY = 24 * 60 * 60 * 1000;
/** A session lives 30 days from its last use (sliding expiry). */
export const SESSION_TTL_MS = 30 * DAY;
/** The expiry is pushed forward once less than half of it remains, so not every request writes. */
const RENEW_WITHIN_MS = 15 * DAY;
/**
 * A session's last-seen time (and address, and browser) is written at most this often: Settings →
 * Security shows it to the minute at best, and a write per request would cost every page a round trip.
 */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

export const SESSION_COOKIE = "club_session";

export type SessionUser = Pick<User, "id" | "name" | "email" | "type" | "admin" | "mustChangePassword">;
export type SignInMethod = Session["method"];

/** The user columns every request needs (session or API token). */
export const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  type: users.type,
  admin: users.admin,
  mustChangePassword: users.mustChangePassword,
};

export interface ValidSession {
  session: { id: string; userId: string; expiresAt: Date; method: SignInMethod };
  user: SessionUser;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

/** Where validated sessions may be kept a while (SessionCache says when that is safe). */
export interface KeptSessions {
  get(id: string): Readonly<Pick<ValidSession, "session" | "user">> | undefined;
  /** Taken before a session is read from the database, and given back to `set`. */
  mark(): number;
  set(id: string, value: Pick<ValidSession, "session" | "user">, mark: number): void;
}

/** How a session was signed in and from where: kept with it and shown in Settings → Security. */
export interface SessionOrigin {
  method?: SignInMethod;
  userAgent?: string | null | undefined;
  ip?: string | null | undefined;
}

export async function createSession(
  db: Queryable,
  userId: string,
  origin: SessionOrigin = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    method: origin.method ?? "password",
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    ip: origin.ip ?? null,
  });
  return { token, expiresAt };
}

/** Where a request comes from: what a session's "last seen" shows. */
export interface SeenFrom {
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
}

const sessionQuery = (db: Queryable) =>
  db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, method: sessions.method },
      user: sessionUserColumns,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("club_session_by_id");

/**
 * Every request looks its session up: the query is built once per database and prepared on the
 * server (a named statement skips a round trip and the planning of each call).
 */
const preparedSessionQueries = new WeakMap<Queryable, ReturnType<typeof sessionQuery>>();

/**
 * The session of a token, and its member; null when there is none or it expired. With a cache, a
 * session kept there that needs no renewal is answered without the database.
 */
export async function validateSessionToken(
  db: Queryable,
  token: string,
  cache?: KeptSessions,
  seen?: SeenFrom,
): Promise<ValidSession | null> {
  const id = hashToken(token);
  const kept = cache?.get(id);
  if (kept && kept.session.expiresAt.getTime() - Date.now() >= RENEW_WITHIN_MS)
    return Object.assign({}, kept, { renewed: false });
  const mark = cache?.mark();
  let query = preparedSessionQueries.get(db);
  if (!query) {
    query = sessionQuery(db);
    preparedSessionQueries.set(db, query);
  }
  const [found] = await query.execute({ id });
  if (!found) return null;
  const { lastSeenAt, ...row } = found;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  if (row.session.expiresAt.getTime() - now < RENEW_WITHIN_MS) {
    row.session.expiresAt = new Date(now + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: row.session.expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  if (seen && now - lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) await markSeen(db, id, now, seen);
  if (cache && mark !== undefined) cache.set(id, row, mark);
  // Copied by Object.assign, not `{ ...row, renewed }`: on Node 20 a literal that starts with a
  // spread gets a hidden class of its own per object, read then by every request's checks.
  return Object.assign({}, row, { renewed });
}

/**
 * Moves a session's last-seen time forward, with the address and browser it was seen from (the
 * latest is what helps her recognise a session, or see that it is not hers). Only columns the
 * `sessions_auth_changed` trigger ignores change (migration 0016), so the servers' session caches
 * are not flushed; the condition on the stored time lets one of several servers (or requests) write.
 */
async function markSeen(db: Queryable, id: string, now: number, seen: SeenFrom): Promise<void> {
  await db
    .update(sessions)
    .set({
      lastSeenAt: new Date(now),
      ...(seen.ip ? { ip: seen.ip } : {}),
      ...(seen.userAgent ? { userAgent: seen.userAgent.slice(0, 512) } : {}),
    })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(now - LAST_SEEN_EVERY_MS))));
}

export async function invalidateSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId`. */
export async function invalidateUserSessions(db: Queryable, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

/** Why her tokens stopped working, as their refusal says it ("…revoked on 2026-12-07 when…"). */
export const TOKENS_ENDED_BECAUSE = "when its owner's password or rights changed";

/**
 * What a password change, a password reset and a privilege change end: every session of the member
 * and every personal API token, but the session or token kept for the member who made the change
 * herself (so that a script changing its own owner's type is not cut off half-way).
 */
export async function endSessionsAndTokens(
  db: Queryable,
  userId: string,
  keep: { sessionId?: string | undefined; tokenId?: string | undefined } = {},
): Promise<void> {
  await invalidateUserSessions(db, userId, keep.sessionId);
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date(), revokedBecause: TOKENS_ENDED_BECAUSE })
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        keep.tokenId ? ne(apiTokens.id, keep.tokenId) : undefined,
      ),
    );
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
