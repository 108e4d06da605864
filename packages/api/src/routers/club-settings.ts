import { clubSettingsChange } from "@club/shared";
import { requireRuleKeepsMeIn } from "../domain/access";
import { readClubSettings, updateClubSettings } from "../domain/club-settings";
import { adminProcedure, router } from "../trpc";

/** The club's settings (Admin Panel → Security settings). */
export const clubSettingsRouter = router({
  get: adminProcedure.query(({ ctx }) => readClubSettings(ctx.db)),

  update: adminProcedure.input(clubSettingsChange).mutation(({ ctx, input }) => {
    if (input.adminSignIn) requireRuleKeepsMeIn(ctx, input.adminSignIn);
    return updateClubSettings(ctx, input);
  }),
});
