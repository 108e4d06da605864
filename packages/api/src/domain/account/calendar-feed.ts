import { calendarFeeds, type Queryable } from "@club/db";
import { eq } from "@club/db/orm";
import type { ApiConfig } from "../../context";
import type { Viewer } from "../access";
import { feedEntries, feedText, feedUrls, resetFeed } from "../events/feed";
import { withStays } from "../travel/stay-feed";

// Settings → Calendar: a member's private feed for Apple Calendar, Google Calendar or Outlook
// (what it lists, and its text, are in events/feed.ts).

/** Whether she has a feed (its URL cannot be shown again: only its hash is kept). */
export async function feedSettings(db: Queryable, userId: string) {
  const [row] = await db
    .select({ includeOpen: calendarFeeds.includeOpen, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ? { active: true as const, ...row } : { active: false as const, includeOpen: false, createdAt: null };
}

/** A new feed URL, to be shown once; the previous one stops working. */
export async function newFeedUrl(db: Queryable, appOrigin: string, userId: string, includeOpen: boolean) {
  return feedUrls(appOrigin, await resetFeed(db, userId, includeOpen));
}

/** Every open event too, or only those she joined; the URL stays the same. Undefined when she has no feed. */
export async function setFeedIncludeOpen(
  db: Queryable,
  userId: string,
  includeOpen: boolean,
): Promise<boolean | undefined> {
  const [row] = await db
    .update(calendarFeeds)
    .set({ includeOpen })
    .where(eq(calendarFeeds.userId, userId))
    .returning({ includeOpen: calendarFeeds.includeOpen });
  return row?.includeOpen;
}

export async function removeFeed(db: Queryable, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The feed's text for the member its secret belongs to (see requireFeedOwner). */
export async function calendarFeedText(
  db: Queryable,
  config: Pick<ApiConfig, "appOrigin" | "timeZone">,
  viewer: Viewer,
  includeOpen: boolean,
): Promise<string> {
  const { current, cancelled, series } = await feedEntries(db, viewer, includeOpen);
  // Her stays (Travel), as guest and as host, beside the events.
  return withStays(db, feedText(config, current, cancelled, series), viewer.id, config.appOrigin);
}
