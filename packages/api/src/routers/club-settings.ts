import { clubSettingsChange, clubSettingsGetAnswer, clubSettingsUpdateAnswer } from "@club/shared";
import { requireRuleKeepsMeIn } from "../domain/access";
import { readClubSettings, updateClubSettings } from "../domain/admin/club-settings";
import { adminProcedure, answer, router } from "../trpc";

/** The club's settings (Admin Panel → Security settings). */
export const clubSettingsRouter = router({
  get: adminProcedure.output(answer(clubSettingsGetAnswer)).query(({ ctx }) => readClubSettings(ctx.db)),

  update: adminProcedure
    .input(clubSettingsChange)
    .output(answer(clubSettingsUpdateAnswer))
    .mutation(({ ctx, input }) => {
      if (input.adminSignIn) requireRuleKeepsMeIn(ctx, input.adminSignIn);
      return updateClubSettings(ctx, input);
    }),
});
