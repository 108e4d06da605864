// An unsubscribe link is its own authority: whoever holds it may change that one switch of that
// one member (it was mailed to her), and nothing else. No session is needed or looked at.
import { unsubscribeKeys, verifyUnsubscribeToken } from "@club/auth";
import { type Queryable, users } from "@club/db";
import { eq } from "@club/db/orm";
import { type MailKind, mailKindSchema } from "@club/shared";
import type { ApiConfig } from "../../context";
import { notFound, UNSUBSCRIBE_LINK_INVALID } from "../../errors";

/**
 * The member and kind of mail an unsubscribe token was signed for. A tampered token, one signed
 * with a key no longer configured, one naming a kind that does not exist or a member no longer
 * here all answer "not found", alike.
 */
export async function requireUnsubscribeToken(
  ctx: { db: Queryable; config: Pick<ApiConfig, "unsubscribeSecrets"> },
  token: string,
): Promise<{ userId: string; kind: MailKind }> {
  const keys = await unsubscribeKeys(ctx.db, ctx.config.unsubscribeSecrets);
  const signed = verifyUnsubscribeToken(keys, token);
  const kind = mailKindSchema.safeParse(signed?.kind);
  if (!signed || !kind.success) throw notFound(UNSUBSCRIBE_LINK_INVALID);
  const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, signed.userId));
  if (!member) throw notFound(UNSUBSCRIBE_LINK_INVALID);
  return { userId: member.id, kind: kind.data };
}
