import { createApiToken } from "@club/auth";
import { apiTokens } from "@club/db";
import { and, desc, eq } from "@club/db/orm";
import { apiTokenName, futureMoment } from "@club/shared";
import { z } from "zod";
import { notFound } from "../errors";
import { memberProcedure, router } from "../trpc";

/** A member's own personal API tokens (Settings); a token acts with its owner's rights. */
export const apiTokensRouter = router({
  list: memberProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        createdAt: apiTokens.createdAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.userId, ctx.user.id))
      .orderBy(desc(apiTokens.createdAt)),
  ),

  /** The token is returned this once; only its hash is kept. */
  create: memberProcedure
    .input(
      z.object({
        name: apiTokenName,
        expiresAt: futureMoment("The expiry date").nullish(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { token, id } = await createApiToken(ctx.db, {
        userId: ctx.user.id,
        name: input.name,
        expiresAt: input.expiresAt,
      });
      return { id, token, name: input.name };
    }),

  revoke: memberProcedure.input(z.object({ id: z.uuid("Unknown token.") })).mutation(async ({ ctx, input }) => {
    const rows = await ctx.db
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, input.id), eq(apiTokens.userId, ctx.user.id)))
      .returning({ id: apiTokens.id });
    if (rows.length === 0) throw notFound("No such token.");
    return { ok: true as const };
  }),
});
