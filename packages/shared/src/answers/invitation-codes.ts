import { z } from "zod";

export const invitationCodeStatusSchema = z
  .enum(["active", "used up", "expired", "revoked"])
  .meta({ id: "InvitationCodeStatus" });

/** invitationCodes.validate */
export const invitationCodesValidateAnswer = z.union([
  z.object({ valid: z.boolean(), error: z.null() }),
  z.object({ valid: z.boolean(), error: z.string() }),
]);

/** invitationCodes.create */
export const invitationCodesCreateAnswer = z.object({ code: z.string(), id: z.string() });

/** invitationCodes.list */
export const invitationCodesListAnswer = z.array(
  z.object({
    id: z.string(),
    hint: z.string(),
    uses: z.number(),
    maxUses: z.number().nullable(),
    usesLeft: z.number().nullable(),
    expiresAt: z.date().nullable(),
    revokedAt: z.date().nullable(),
    createdAt: z.date(),
    status: invitationCodeStatusSchema,
  }),
);

/** invitationCodes.revoke */
export const invitationCodesRevokeAnswer = z.object({ ok: z.literal(true) });
