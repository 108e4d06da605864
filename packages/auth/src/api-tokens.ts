import { apiTokens, type Queryable, users } from "@club/db";
import { and, eq, gt, isNull, lt, or, sql } from "@club/db/orm";
import { type SessionUser, type SignInMethod, sessionUserColumns } from "./sessions";
import { generateToken, hashToken } from "./tokens";

/** What a token may do (the scopes of @club/shared's `apiTokenScopes`). */
export type ApiTokenScope = (typeof apiTokens.$inferSelect)["scope"];

/** Tokens start with a recognisable prefix, so a leaked one is easy to spot in logs and code. */
export const API_TOKEN_PREFIX = "club_";

export async function createApiToken(
  db: Queryable,
  input: { userId: string; name: string; scope: ApiTokenScope; expiresAt?: Date | null; createdWith?: SignInMethod },
): Promise<{ token: string; id: string }> {
  const token = `${API_TOKEN_PREFIX}${generateToken(24)}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: input.userId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      expiresAt: input.expiresAt ?? null,
      createdWith: input.createdWith ?? "password",
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error("The API token was not stored.");
  return { token, id: row.id };
}

/**
 * Why a token `validateApiToken` did not take was refused, in words for the script's author: a
 * revoked one (when, and by whom or why) and an expired one are told apart from one that is not the
 * club's (mistyped, or revoked so long ago that it is gone). Asked only after a refusal, so a valid call pays nothing for it. Saying "expired" tells
 * the holder of the token only what the token itself would.
 */
export async function apiTokenRefusal(db: Queryable, token: string): Promise<string> {
  const [row] = token.startsWith(API_TOKEN_PREFIX)
    ? await db
        .select({
          expiresAt: apiTokens.expiresAt,
          revokedAt: apiTokens.revokedAt,
          revokedBecause: apiTokens.revokedBecause,
        })
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, hashToken(token)))
    : [];
  if (row?.revokedAt) {
    const because = row.revokedBecause ? ` ${row.revokedBecause}` : "";
    return `This API token was revoked on ${row.revokedAt.toISOString().slice(0, 10)}${because}. Make a new one in Settings → API tokens, or with "club token create".`;
  }
  if (row?.expiresAt) {
    return `This API token expired on ${row.expiresAt.toISOString().slice(0, 10)}. Make a new one in Settings → API tokens, or with "club token create".`;
  }
  return "This API token is not valid: it was revoked, or it is mistyped.";
}

/** The owner of a valid token and what the token may do; its last-used time is recorded (at most once a minute). */
export async function validateApiToken(
  db: Queryable,
  token: string,
): Promise<{ tokenId: string; scope: ApiTokenScope; createdWith: SignInMethod; user: SessionUser } | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      createdWith: apiTokens.createdWith,
      lastUsedAt: apiTokens.lastUsedAt,
      user: sessionUserColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    );
  if (!row) return null;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiTokens.id, row.tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
  return { tokenId: row.tokenId, scope: row.scope, createdWith: row.createdWith, user: row.user };
}
