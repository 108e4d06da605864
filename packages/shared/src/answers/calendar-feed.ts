import { z } from "zod";

/** calendarFeed.get */
export const calendarFeedGetAnswer = z.union([
  z.object({ includeOpen: z.boolean(), createdAt: z.date(), active: z.literal(true) }),
  z.object({ active: z.literal(false), includeOpen: z.boolean(), createdAt: z.null() }),
]);

/** calendarFeed.reset */
export const calendarFeedResetAnswer = z.object({ url: z.string(), webcal: z.string(), message: z.string() });

/** calendarFeed.update */
export const calendarFeedUpdateAnswer = z.object({ message: z.string(), includeOpen: z.boolean() });

/** calendarFeed.remove */
export const calendarFeedRemoveAnswer = z.object({ message: z.string() });

/** calendarFeed.feed */
export const calendarFeedFeedAnswer = z.string();
