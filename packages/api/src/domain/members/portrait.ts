import { profiles } from "@club/db";
import { eq } from "@club/db/orm";
import { NotAPortrait, storePortrait } from "@club/storage";
import { TRPCError } from "@trpc/server";
import type { ApiContext } from "../../context";
import { type MemberContext, requireMember } from "../access";
import { myProfile } from "./profile";

/**
 * Her new portrait, from a photo already received whole (the upload route spooled it within the
 * upload limit): stored first, then recorded; the old one's files go once the new one is hers.
 * When recording fails, the new files go again: nothing is left half-written.
 */
export async function setPortrait(ctx: ApiContext, file: { path: string }) {
  const member = requireMember(ctx);
  const stored = await storePortrait(member.store, file.path).catch((err: unknown) => {
    // As every upload of the wrong kind: 415, with what may be sent instead.
    throw err instanceof NotAPortrait ? new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: err.message }) : err;
  });
  let previous: string | null | undefined;
  try {
    previous = await member.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ prefix: profiles.portraitPrefix })
        .from(profiles)
        .where(eq(profiles.userId, member.user.id))
        .for("update");
      const values = { portraitPrefix: stored.prefix, portraitPlaceholder: stored.placeholder, updatedAt: new Date() };
      await tx
        .insert(profiles)
        .values({ userId: member.user.id, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: values });
      return before?.prefix;
    });
  } catch (err) {
    // The new portrait's files go with it; if the store keeps them, the failure above is still
    // what she must hear, and the housekeeping reports them (unreferenced objects).
    await member.store
      .deletePrefix(stored.prefix)
      .catch((cleanup: unknown) =>
        member.log.warn({ err: cleanup, prefix: stored.prefix }, "a failed portrait's files not removed"),
      );
    throw err;
  }
  await removeFiles(member, previous);
  return myProfile(member);
}

/** Takes her portrait away (the initials show instead). */
export async function removePortrait(ctx: MemberContext) {
  const [before] = await ctx.db
    .select({ prefix: profiles.portraitPrefix })
    .from(profiles)
    .where(eq(profiles.userId, ctx.user.id));
  if (before?.prefix) {
    await ctx.db
      .update(profiles)
      .set({ portraitPrefix: null, portraitPlaceholder: null, updatedAt: new Date() })
      .where(eq(profiles.userId, ctx.user.id));
    await removeFiles(ctx, before.prefix);
  }
  return myProfile(ctx);
}

/** A portrait's files, once no profile names them (a failure is logged; the files are unreachable anyway). */
export async function removeFiles(ctx: Pick<MemberContext, "store" | "log">, prefix: string | null | undefined) {
  if (!prefix) return;
  await ctx.store
    .deletePrefix(prefix)
    .catch((err: unknown) => ctx.log.warn({ err, prefix }, "portrait files not removed"));
}
