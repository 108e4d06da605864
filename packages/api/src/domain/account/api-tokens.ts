import { type ApiTokenScope, createApiToken, type SignInMethod } from "@club/auth";
import { apiTokens, type Db, type Queryable, users } from "@club/db";
import { and, desc, eq, isNull, type SQL } from "@club/db/orm";
import { type AuditActor, recordAudit } from "../audit/record";

// A member's own personal API tokens (Settings), and the operator's (`club token`). Each token made
// or revoked is on the audit log, in the transaction that makes or revokes it.

/** A new token for a member (createApiToken), on record with its name and scope. */
export async function issueApiToken(
  db: Db,
  input: { userId: string; name: string; scope: ApiTokenScope; expiresAt?: Date | null; createdWith?: SignInMethod },
  actor: AuditActor,
) {
  return db.transaction(async (tx) => {
    const made = await createApiToken(tx, input);
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    await recordAudit(tx, actor, {
      kind: "api_token.created",
      targetId: made.id,
      targetEmail: owner?.email,
      detail: { name: input.name, scope: input.scope, expiresAt: input.expiresAt?.toISOString() ?? null },
    });
    return made;
  });
}

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
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
}

/**
 * A token stops working, marked with when and by whom (its refusal says so; housekeeping deletes it
 * after RETENTION_DAYS). Only a working one is revoked: a second revoke finds none.
 */
function markRevoked(tx: Queryable, where: SQL | undefined, by: string) {
  return tx
    .update(apiTokens)
    .set({ revokedAt: new Date(), revokedBecause: `by ${by}` })
    .where(and(where, isNull(apiTokens.revokedAt)));
}

/**
 * False when she has no working token with that id. Its refusal says "by its owner", not her name:
 * whoever holds a token found in a public repository is told no more of her than before.
 */
export async function revokeApiToken(db: Db, userId: string, id: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await markRevoked(
      tx,
      and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)),
      "its owner, in Settings",
    ).returning({ id: apiTokens.id, name: apiTokens.name, scope: apiTokens.scope });
    if (!row) return false;
    await recordAudit(tx, actor, {
      kind: "api_token.revoked",
      targetId: row.id,
      targetEmail: actor.email,
      detail: { name: row.name, scope: row.scope },
    });
    return true;
  });
}

/**
 * Every token of the operator's choosing (`club token revoke --id` on the server's machine): whose
 * and which it was, or undefined when there is none with that id.
 */
export async function revokeAnyApiToken(db: Db, id: string, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [row] = await markRevoked(tx, eq(apiTokens.id, id), "the club's operator (command line)").returning({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      userId: apiTokens.userId,
    });
    if (!row) return undefined;
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    await recordAudit(tx, actor, {
      kind: "api_token.revoked",
      targetId: row.id,
      targetEmail: owner?.email,
      detail: { name: row.name, scope: row.scope },
    });
    return { id: row.id, name: row.name, email: owner?.email ?? null };
  });
}
