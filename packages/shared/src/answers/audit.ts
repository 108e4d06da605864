import { z } from "zod";

/** audit.list */
export const auditListAnswer = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      at: z.date(),
      actorId: z.string().nullable(),
      actorEmail: z.string().nullable(),
      kind: z.string(),
      targetId: z.string().nullable(),
      targetEmail: z.string().nullable(),
      detail: z.record(z.string(), z.unknown()),
      ip: z.string().nullable(),
      actorName: z.string().nullable(),
      targetName: z.string().nullable(),
      ownerName: z.string().nullable(),
    }),
  ),
  older: z.number().nullable(),
  newer: z.number().nullable(),
});
