import { adminPanelCountsAnswer } from "@club/shared";
import { panelCounts } from "../domain/admin/panel-counts";
import { adminProcedure, answer, router } from "../trpc";

/** The Admin Panel itself: what waits for the admins, counted on its cards. */
export const adminPanelRouter = router({
  counts: adminProcedure.output(answer(adminPanelCountsAnswer)).query(({ ctx }) => panelCounts(ctx.db)),
});
