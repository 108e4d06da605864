import { type Db, type Event, events, users } from "@club/db";
import { and, desc, eq, isNull } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { conflict, EVENT_NOT_FOUND, notFound } from "../../errors";
import { visibleDrafts } from "../access";
import { eventData } from "../webhooks/acts";
import { emitWebhook } from "../webhooks/emit";
import { seatHost } from "./participants";
import { loadEventDto } from "./queries";
import { slugOnPublish } from "./slug";

// Drafts (the Schedule screen): events kept on the server before they are published, seen by
// their creator and admins only. Publishing makes one an event like any other.

/**
 * The drafts the viewer may open, last edited first: her own; for an admin every member's, each
 * with its creator's name (an admin tidies or publishes a draft left behind).
 */
export async function listDrafts(ctx: Parameters<typeof loadEventDto>[0]) {
  const rows = await ctx.db
    .select({ event: events, creatorName: users.name })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .where(visibleDrafts(ctx.user))
    .orderBy(desc(events.updatedAt), desc(events.id));
  // Whole events, as their page has them: the Schedule edits them with the same wizard. A member
  // keeps a handful of drafts, so one query each for participants and seats costs little.
  return Promise.all(
    rows.map(async ({ event, creatorName }) => ({
      ...(await loadEventDto(ctx, event)),
      creator_name: creatorName,
      updated_at: event.updatedAt.toISOString(),
    })),
  );
}

/**
 * Publishes a draft: from now on members who may see it find it in lists, the calendar, the feed
 * and search; its organiser may then send its announcement. Publishing twice is refused, so a
 * second click (or a second tab) cannot look like a second announcement moment.
 */
export async function publishDraft(
  ctx: { db: Db; jobs: JobSender; config: { appOrigin: string; timeZone: string; reminderHours: number } },
  event: Event,
): Promise<Event> {
  if (event.publishedAt) throw conflict("This event is published already.");
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const slug = await slugOnPublish(tx, event);
    const [published] = await tx
      .update(events)
      .set({ publishedAt: now, ...(slug ? { slug } : {}) })
      .where(and(eq(events.id, event.id), isNull(events.publishedAt)))
      .returning();
    if (published) await seatHost(ctx, tx, published);
    // Its webhook message is the event's creation: nobody outside knew of the draft.
    if (published) await emitWebhook(tx, ctx.jobs, "event.created", eventData(published, ctx.config.appOrigin));
    return published;
  });
  if (row) return row;
  // Published or deleted meanwhile (another tab, an admin).
  const [still] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.id, event.id));
  throw still ? conflict("This event is published already.") : notFound(EVENT_NOT_FOUND);
}
