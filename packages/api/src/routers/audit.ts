import { auditListAnswer } from "@club/shared";
import { z } from "zod";
import { AUDIT_PAGE, auditFilterInput, listAudit } from "../domain/audit/list";
import { adminProcedure, answer, router } from "../trpc";

const cursor = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();

export const auditRouter = router({
  /**
   * Admin Panel → Audit log: newest first, a page at a time (`before`: the older page's cursor,
   * `after`: the newer page's); days are the club's (CLUB_TIME_ZONE).
   */
  list: adminProcedure
    .input(
      auditFilterInput
        .extend({ before: cursor, after: cursor, limit: z.number().int().min(1).max(500).default(AUDIT_PAGE) })
        .optional(),
    )
    .output(answer(auditListAnswer))
    .query(({ ctx, input }) => listAudit(ctx.db, ctx.config.timeZone, input)),
});
