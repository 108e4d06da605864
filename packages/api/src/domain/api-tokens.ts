import { apiTokens, type Queryable, users } from "@club/db";
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

/**
 * Every token of the operator's choosing (`club token revoke --id` on the server's machine): whose
 * and which it was, or undefined when there is none with that id.
 */
export async function revokeAnyApiToken(db: Queryable, id: string) {
  const [row] = await db
    .delete(apiTokens)
    .where(eq(apiTokens.id, id))
    .returning({ id: apiTokens.id, name: apiTokens.name, userId: apiTokens.userId });
  if (!row) return undefined;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  return { id: row.id, name: row.name, email: owner?.email ?? null };
}
