import {
  futureMoment,
  invitationCodeInput,
  invitationCodesCreateAnswer,
  invitationCodesListAnswer,
  invitationCodesRevokeAnswer,
  invitationCodesValidateAnswer,
} from "@club/shared";
import { z } from "zod";
import { auditActor } from "../domain/audit/record";
import {
  CHOSEN_CODE,
  guessInvitationCode,
  issueInvitationCode,
  listInvitationCodes,
  revokeInvitationCode,
} from "../domain/membership/invitation-codes";
import { notFound } from "../errors";
import { adminProcedure, answer, publicProcedure, router } from "../trpc";

export const invitationCodesRouter = router({
  /** POST /api/validate-code: `{valid, error}`; wrong guesses are throttled per address. */
  validate: publicProcedure
    .input(invitationCodeInput)
    .output(answer(invitationCodesValidateAnswer))
    .mutation(async ({ ctx, input }) => {
      const result = await guessInvitationCode(ctx, input.code);
      return result.ok ? { valid: true, error: null } : { valid: false, error: result.error };
    }),

  create: adminProcedure
    .input(
      z.object({
        code: z
          .string()
          .trim()
          .toUpperCase()
          .regex(CHOSEN_CODE, "A code must be 12 to 64 letters, digits or hyphens.")
          .optional(),
        maxUses: z.number().int().min(1, "Uses must be at least 1.").max(100_000).nullish(),
        expiresAt: futureMoment("The expiry date").nullish(),
      }),
    )
    .output(answer(invitationCodesCreateAnswer))
    .mutation(async ({ ctx, input }) => {
      const { code, row } = await issueInvitationCode(
        ctx.db,
        {
          code: input.code,
          maxUses: input.maxUses ?? undefined,
          expiresAt: input.expiresAt ?? undefined,
          createdBy: ctx.user.id,
        },
        auditActor(ctx),
      );
      return { code, id: row.id };
    }),

  list: adminProcedure.output(answer(invitationCodesListAnswer)).query(({ ctx }) => listInvitationCodes(ctx.db)),

  revoke: adminProcedure
    .input(z.object({ id: z.uuid("Unknown invitation code.") }))
    .output(answer(invitationCodesRevokeAnswer))
    .mutation(async ({ ctx, input }) => {
      if (!(await revokeInvitationCode(ctx.db, input.id, auditActor(ctx))))
        throw notFound("No active invitation code with that id.");
      return { ok: true as const };
    }),
});
