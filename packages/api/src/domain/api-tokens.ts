import { apiTokens, type Queryable } from "@club/db";
import { and, desc, eq } from "@club/db/orm";

// A member's own personal API tokens (Settings); making one is createApiToken in @club/auth.

/** Newest first; never the token itself (only its hash is kept). */
export function listApiTokens(db: Queryable, userId: string) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      createdAt: apiTokens.createdAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt));
}

/** False when she has no token with that id. */
export async function revokeApiToken(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return rows.length === 1;
}
