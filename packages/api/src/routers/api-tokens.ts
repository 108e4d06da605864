import {
  apiTokenName,
  apiTokenScope,
  apiTokensCreateAnswer,
  apiTokensListAnswer,
  apiTokensRevokeAnswer,
  futureMoment,
} from "@club/shared";
import { z } from "zod";
import { issueApiToken, listApiTokens, revokeApiToken } from "../domain/account/api-tokens";
import { auditActor } from "../domain/audit/record";
import { notFound } from "../errors";
import { answer, memberProcedure, router } from "../trpc";

/**
 * A member's own personal API tokens (Settings); a token acts with its owner's rights within its
 * scope. Tokens are managed with a signed-in session only (the access module refuses a token).
 */
export const apiTokensRouter = router({
  list: memberProcedure.output(answer(apiTokensListAnswer)).query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),

  /** The token is returned this once; only its hash is kept. */
  create: memberProcedure
    .input(
      z.object({
        name: apiTokenName,
        /** Read only unless she asks for more: the least a script needs is the safer default. */
        scope: apiTokenScope.default("read"),
        expiresAt: futureMoment("The expiry date").nullish(),
      }),
    )
    .output(answer(apiTokensCreateAnswer))
    .mutation(async ({ ctx, input }) => {
      const { token, id } = await issueApiToken(
        ctx.db,
        {
          userId: ctx.user.id,
          name: input.name,
          scope: input.scope,
          expiresAt: input.expiresAt,
          // As strong as the sign-in that made it (the admins' sign-in rule); the command line proves none.
          createdWith: ctx.session.method === "command line" ? "password" : ctx.session.method,
        },
        auditActor(ctx),
      );
      return { id, token, name: input.name, scope: input.scope };
    }),

  revoke: memberProcedure
    .input(z.object({ id: z.uuid("Unknown token.") }))
    .output(answer(apiTokensRevokeAnswer))
    .mutation(async ({ ctx, input }) => {
      if (!(await revokeApiToken(ctx.db, ctx.user.id, input.id, auditActor(ctx)))) throw notFound("No such token.");
      return { ok: true as const };
    }),
});
