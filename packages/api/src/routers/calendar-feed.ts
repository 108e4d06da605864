import {
  calendarFeedFeedAnswer,
  calendarFeedGetAnswer,
  calendarFeedRemoveAnswer,
  calendarFeedResetAnswer,
  calendarFeedUpdateAnswer,
} from "@club/shared";
import { z } from "zod";
import { requireFeedOwner } from "../domain/access";
import {
  calendarFeedText,
  feedSettings,
  newFeedUrl,
  removeFeed,
  setFeedIncludeOpen,
} from "../domain/account/calendar-feed";
import { answer, memberProcedure, publicProcedure, router } from "../trpc";

/** Settings → Calendar: her private feed for Apple Calendar, Google Calendar or Outlook. */
export const calendarFeedRouter = router({
  /** Whether she has a feed (its URL cannot be shown again: only its hash is kept). */
  get: memberProcedure.output(answer(calendarFeedGetAnswer)).query(({ ctx }) => feedSettings(ctx.db, ctx.user.id)),

  /** A new feed URL, shown once; the previous one stops working. */
  reset: memberProcedure
    .input(z.object({ includeOpen: z.boolean().default(false) }).default({ includeOpen: false }))
    .output(answer(calendarFeedResetAnswer))
    .mutation(async ({ ctx, input }) => {
      const urls = await newFeedUrl(ctx.db, ctx.config.appOrigin, ctx.user.id, input.includeOpen);
      return { message: "Your calendar link is ready.", ...urls };
    }),

  /** Every open event too, or only those she joined; the URL stays the same. */
  update: memberProcedure
    .input(z.object({ includeOpen: z.boolean() }))
    .output(answer(calendarFeedUpdateAnswer))
    .mutation(async ({ ctx, input }) => {
      const includeOpen = await setFeedIncludeOpen(ctx.db, ctx.user.id, input.includeOpen);
      return {
        message: includeOpen === undefined ? "Make a calendar link first." : "Your calendar feed is updated.",
        includeOpen: includeOpen ?? false,
      };
    }),

  remove: memberProcedure.output(answer(calendarFeedRemoveAnswer)).mutation(async ({ ctx }) => {
    await removeFeed(ctx.db, ctx.user.id);
    return { message: "Your calendar link no longer works." };
  }),

  /** GET /calendar/{secret}.ics: the feed's text, for the member the secret belongs to. */
  feed: publicProcedure
    .input(z.object({ secret: z.string().trim().min(1).max(200) }))
    .output(answer(calendarFeedFeedAnswer))
    .query(async ({ ctx, input }) => {
      const { viewer, includeOpen } = await requireFeedOwner(ctx.db, input.secret);
      return calendarFeedText(ctx.db, ctx.config, viewer, includeOpen);
    }),
});
