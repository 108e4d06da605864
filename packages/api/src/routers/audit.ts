import { auditKinds, isCalendarDay } from "@club/shared";
import { z } from "zod";
import { AUDIT_PAGE, listAudit } from "../domain/audit-list";
import { adminProcedure, router } from "../trpc";

const day = (label: string) =>
  z.string().trim().refine(isCalendarDay, `${label} must be a day, like 2026-11-24.`).optional();

/** What the audit log is filtered by: the list, its CSV export (GET /api/admin/audit.csv) and `club audit`. */
export const auditFilterInput = z.object({
  actor: z.string().trim().max(200).optional(),
  kind: z.enum(auditKinds, "Choose a kind of record from the list.").optional(),
  from: day("From"),
  to: day("To"),
});

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
    .query(({ ctx, input }) => listAudit(ctx.db, ctx.config.timeZone, input)),
});
