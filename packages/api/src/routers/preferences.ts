import { z } from "zod";
import { preferencesOf, setEventReminders } from "../domain/preferences";
import { memberProcedure, router } from "../trpc";

/** A member's own choices about what the club sends her (Settings). */
export const preferencesRouter = router({
  get: memberProcedure.query(({ ctx }) => preferencesOf(ctx.db, ctx.config, ctx.user.id)),

  update: memberProcedure.input(z.object({ eventReminders: z.boolean() })).mutation(async ({ ctx, input }) => {
    await setEventReminders(ctx.db, ctx.user.id, input.eventReminders);
    return {
      message: input.eventReminders ? "Event reminders are on." : "Event reminders are off.",
      eventReminders: input.eventReminders,
    };
  }),
});
