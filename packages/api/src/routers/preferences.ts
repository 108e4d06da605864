import { mailPreferencesUpdate, preferencesGetAnswer, preferencesUpdateAnswer } from "@club/shared";
import { preferencesOf, savedMessage, setMailPreferences } from "../domain/account/mail-preferences";
import { answer, memberProcedure, router } from "../trpc";

/** A member's own choices about what the club sends her (Settings → E-mail). */
export const preferencesRouter = router({
  get: memberProcedure
    .output(answer(preferencesGetAnswer))
    .query(({ ctx }) => preferencesOf(ctx.db, ctx.config, ctx.user.id)),

  update: memberProcedure
    .input(mailPreferencesUpdate)
    .output(answer(preferencesUpdateAnswer))
    .mutation(async ({ ctx, input }) => {
      const mail = await setMailPreferences(ctx.db, ctx.user.id, input);
      return { message: savedMessage(input), mail };
    }),
});
