import { z } from "zod";

/** identities.provider */
export const identitiesProviderAnswer = z.object({ label: z.string() }).nullable();

/** identities.list */
export const identitiesListAnswer = z.array(
  z.object({
    id: z.string(),
    issuer: z.string(),
    email: z.string().nullable(),
    createdAt: z.date(),
    lastUsedAt: z.date().nullable(),
  }),
);

/** identities.startLink */
export const identitiesStartLinkAnswer = z.object({ url: z.string() });

/** identities.unlink */
export const identitiesUnlinkAnswer = z.object({ ok: z.literal(true) });
