// A member keeps at least one way to sign in: a password, a passkey or a linked identity.
import { passkeys, type Queryable, userIdentities, users } from "@club/db";
import { and, count, eq, ne } from "@club/db/orm";
import { conflict, LAST_WAY_IN } from "../../errors";

/** What is about to be removed from her ways in. */
export type WayInRemoved = { kind: "identity"; id: string } | { kind: "passkey"; id: string };

/**
 * Refuses to remove a way in that is her last one: after it goes, she must still have a password,
 * a passkey or a linked identity. Call it in the transaction that removes it, after locking her
 * row (`lockMember`), so two removals at once cannot each count the other as her way left.
 */
export async function requireAnotherWayIn(tx: Queryable, userId: string, removing: WayInRemoved): Promise<void> {
  const [member] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  // Every member has a password hash today (the column is required); an empty one is no way in.
  if (member?.passwordHash) return;
  const [keys] = await tx
    .select({ n: count() })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), removing.kind === "passkey" ? ne(passkeys.id, removing.id) : undefined));
  if ((keys?.n ?? 0) > 0) return;
  const [identities] = await tx
    .select({ n: count() })
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.userId, userId),
        removing.kind === "identity" ? ne(userIdentities.id, removing.id) : undefined,
      ),
    );
  if ((identities?.n ?? 0) > 0) return;
  throw conflict(LAST_WAY_IN);
}

/** Holds her row until the transaction ends: removals of her ways in then happen one after another. */
export async function lockMember(tx: Queryable, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
