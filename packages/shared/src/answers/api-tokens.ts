import { z } from "zod";
import { apiTokenScopes } from "../enums";

/** apiTokens.list */
export const apiTokensListAnswer = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(apiTokenScopes),
    expiresAt: z.date().nullable(),
    lastUsedAt: z.date().nullable(),
    createdAt: z.date(),
  }),
);

/** apiTokens.create */
export const apiTokensCreateAnswer = z.object({
  id: z.string(),
  token: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
});

/** apiTokens.revoke */
export const apiTokensRevokeAnswer = z.object({ ok: z.literal(true) });
