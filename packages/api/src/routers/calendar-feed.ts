import { calendarFeeds } from "@club/db";
import { eq } from "@club/db/orm";
import { z } from "zod";
import { requireFeedOwner } from "../domain/access";
import { feedEntries, feedText, feedUrls, resetFeed } from "../domain/events/feed";
import { memberProcedure, publicProcedure, router } from "../trpc";

/** Settings → Calendar: her private feed for Apple Calendar, Google Calendar or Outlook. */
export const calendarFeedRouter = router({
  /** Whether she has a feed (its URL cannot be shown again: only its hash is kept). */
  get: memberProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.db
      .select({ includeOpen: calendarFeeds.includeOpen, createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, ctx.user.id));
    return row ? { active: true as const, ...row } : { active: false as const, includeOpen: false, createdAt: null };
  }),

  /** A new feed URL, shown once; the previous one stops working. */
  reset: memberProcedure
    .input(z.object({ includeOpen: z.boolean().default(false) }).default({ includeOpen: false }))
    .mutation(async ({ ctx, input }) => {
      const secret = await resetFeed(ctx.db, ctx.user.id, input.includeOpen);
      return { message: "Your calendar link is ready.", ...feedUrls(ctx.config.appOrigin, secret) };
    }),

  /** Every open event too, or only those she joined; the URL stays the same. */
  update: memberProcedure.input(z.object({ includeOpen: z.boolean() })).mutation(async ({ ctx, input }) => {
    const updated = await ctx.db
      .update(calendarFeeds)
      .set({ includeOpen: input.includeOpen })
      .where(eq(calendarFeeds.userId, ctx.user.id))
      .returning({ includeOpen: calendarFeeds.includeOpen });
    return {
      message: updated.length === 0 ? "Make a calendar link first." : "Your calendar feed is updated.",
      includeOpen: updated[0]?.includeOpen ?? false,
    };
  }),

  remove: memberProcedure.mutation(async ({ ctx }) => {
    await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, ctx.user.id));
    return { message: "Your calendar link no longer works." };
  }),

  /** GET /calendar/{secret}.ics: the feed's text, for the member the secret belongs to. */
  feed: publicProcedure.input(z.object({ secret: z.string().trim().min(1).max(200) })).query(async ({ ctx, input }) => {
    const { viewer, includeOpen } = await requireFeedOwner(ctx.db, input.secret);
    const { current, cancelled } = await feedEntries(ctx.db, viewer, includeOpen);
    return feedText(ctx.config, current, cancelled);
  }),
});
