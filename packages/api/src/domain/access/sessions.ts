// A member's sessions (Settings → Security): hers only.
import { apiTokens, sessions } from "@club/db";
import { and, eq, gt, isNull, or, type SQL } from "@club/db/orm";
import { notFound, SESSION_NOT_FOUND } from "../../errors";
import type { MemberContext, Viewer } from "./callers";

/** The sessions a member may see and end: her own. */
export function ownSessions(viewer: Viewer): SQL {
  return eq(sessions.userId, viewer.id);
}

/** A session looked up among hers; none (another member's, or ended) is "not found", like one that never was. */
export function requireOwnSession<T>(found: T | undefined): T {
  if (found === undefined) throw notFound(SESSION_NOT_FOUND);
  return found;
}

/**
 * Whether the caller of a live stream is still signed in: her session (or the API token she called
 * with) still exists and has not expired. A stream checks it when woken and ends once it is not,
 * so signing out or deleting the account ends her streams at once (the auth changes wake them).
 */
export async function stillSignedIn(ctx: MemberContext): Promise<boolean> {
  const now = new Date();
  if (ctx.apiToken) {
    const [token] = await ctx.db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.id, ctx.apiToken.id),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        ),
      );
    return token !== undefined;
  }
  const [session] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, ctx.session.id), gt(sessions.expiresAt, now)));
  return session !== undefined;
}
