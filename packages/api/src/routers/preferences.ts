import { users } from "@club/db";
import { eq } from "@club/db/orm";
import { z } from "zod";
import { DEFAULT_REMINDER_HOURS } from "../domain/events/reminders";
import { memberProcedure, router } from "../trpc";

/** A member's own choices about what the club sends her (Settings). */
export const preferencesRouter = router({
  get: memberProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.db
      .select({ eventReminders: users.eventReminders })
      .from(users)
      .where(eq(users.id, ctx.user.id));
    return {
      eventReminders: row?.eventReminders ?? true,
      /** The club's setting: how long before an event reminders go out (0: the club sends none). */
      reminderHours: ctx.config.reminderHours ?? DEFAULT_REMINDER_HOURS,
    };
  }),

  update: memberProcedure.input(z.object({ eventReminders: z.boolean() })).mutation(async ({ ctx, input }) => {
    await ctx.db.update(users).set({ eventReminders: input.eventReminders }).where(eq(users.id, ctx.user.id));
    return {
      message: input.eventReminders ? "Event reminders are on." : "Event reminders are off.",
      eventReminders: input.eventReminders,
    };
  }),
});
