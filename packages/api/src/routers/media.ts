import { comments, media, mediaTags, type Queryable } from "@club/db";
import { and, arrayOverlaps, desc, eq, exists, inArray, like, or, sql } from "@club/db/orm";
import { mediaDeleteInput, mediaListInput, mediaUpdateInput } from "@club/shared";
import { z } from "zod";
import {
  requireManageableMedia,
  requireMediaManager,
  requireVisibleEvent,
  requireVisibleMedia,
  visibleMedia,
} from "../domain/access";
import { escapeLike } from "../domain/like";
import { deleteMediaObjects } from "../domain/media/create";
import { mediaDto, mediaPages, selectMedia, toMediaDto } from "../domain/media/dto";
import { retryTranscode } from "../domain/media/transcode";
import { badRequest, MEDIA_NOT_FOUND, notFound } from "../errors";
import { memberProcedure, router } from "../trpc";

const PAGE = 60;

/**
 * Tags are stored lower-cased; a search matches any tag that starts with what was typed. The tags
 * that do are read from `media_tags` by prefix (a range on its key) and passed as one array, so that
 * Postgres weighs the GIN index of `media.tags` against walking the newest items with the actual
 * tags in hand (with the array left to a subquery, an unused tag read all of a million rows: 0.6 s).
 * At most 500 tags: a one-letter prefix shared by more is a search too wide to narrow anything.
 */
async function tagsStartingWith(db: Queryable, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ tag: mediaTags.tag })
    .from(mediaTags)
    .where(like(mediaTags.tag, `${escapeLike(prefix)}%`))
    .orderBy(mediaTags.tag)
    .limit(500);
  return rows.map((r) => r.tag);
}

/** Shared by PUT /api/media/{id} and PUT /api/images/{id}. */
export const updateMedia = memberProcedure.input(mediaUpdateInput).mutation(async ({ ctx, input }) => {
  const row = await requireVisibleMedia(ctx, input.id);
  requireMediaManager(ctx.user, row, "change");
  if (input.associatedEventId) await requireVisibleEvent(ctx, input.associatedEventId);
  const changes = {
    ...(input.name !== undefined ? { name: input.name || null, title: input.name || null } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    ...(input.tags != null ? { tags: [...new Set(input.tags)] } : {}),
    ...(input.associatedEventId !== undefined ? { associatedEventId: input.associatedEventId } : {}),
    // Attached to an event on purpose, an item kept private since its own event was deleted is
    // shared with that event's viewers; merely left without an event, it stays private.
    ...(input.associatedEventId ? { uploaderOnly: false } : {}),
  };
  if (Object.keys(changes).length === 0) {
    throw badRequest("Nothing to change: send a name, description, tags or associatedEventId.");
  }
  const updated = await ctx.db.update(media).set(changes).where(eq(media.id, row.id)).returning({ id: media.id });
  // Deleted by someone else between the look-up and the update.
  if (updated.length === 0) throw notFound(MEDIA_NOT_FOUND);
  return mediaDto(ctx, row.id);
});

export const mediaRouter = router({
  /** GET /api/media: newest first, a page at a time; filter by tag or event. */
  list: memberProcedure.input(mediaListInput).query(async ({ ctx, input }) => {
    const limit = input?.limit ?? PAGE;
    const tags = input?.tag ? await tagsStartingWith(ctx.db, input.tag) : undefined;
    if (tags?.length === 0) return { items: [], nextCursor: null };
    const rows = await selectMedia(ctx.db)
      .where(
        and(
          visibleMedia(ctx.user),
          tags ? arrayOverlaps(media.tags, tags) : undefined,
          input?.eventId ? eq(media.associatedEventId, input.eventId) : undefined,
          mediaPages.after(input?.cursor),
        ),
      )
      .orderBy(desc(media.uploadDate), desc(media.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: page.map((r) => toMediaDto(r, ctx.user)),
      nextCursor: rows.length > limit ? mediaPages.next(page.at(-1)!.cursorAt, page.at(-1)!.row.id) : null,
    };
  }),

  /** Suggestions for the gallery's tag search: the tags in use that start with what was typed. */
  tags: memberProcedure
    .input(z.object({ prefix: z.string().trim().toLowerCase().max(40) }))
    .query(async ({ ctx, input }) => {
      // Only tags of items she may see: a tag used only inside a hidden event is not suggested.
      const inUse = ctx.db
        .select({ one: sql`1` })
        .from(media)
        .where(and(sql`${media.tags} @> array[${mediaTags.tag} collate "default"]`, visibleMedia(ctx.user)));
      const rows = await ctx.db
        .select({ tag: mediaTags.tag })
        .from(mediaTags)
        .where(and(like(mediaTags.tag, `${escapeLike(input.prefix)}%`), exists(inUse)))
        .orderBy(mediaTags.tag)
        .limit(10);
      return rows.map((r) => r.tag);
    }),

  get: memberProcedure.input(z.object({ id: z.uuid(MEDIA_NOT_FOUND) })).query(async ({ ctx, input }) => {
    await requireVisibleMedia(ctx, input.id);
    return mediaDto(ctx, input.id);
  }),

  update: updateMedia,

  /** A video whose playable version could not be made: its uploader or an admin asks for another try. */
  retryProcessing: memberProcedure.input(z.object({ id: z.uuid(MEDIA_NOT_FOUND) })).mutation(async ({ ctx, input }) => {
    const row = await requireVisibleMedia(ctx, input.id);
    requireMediaManager(ctx.user, row, "retry");
    if (!(await retryTranscode(ctx.db, ctx.jobs, row.id))) {
      throw badRequest("This video is not waiting for another try: it is being converted, or it plays already.");
    }
    return mediaDto(ctx, row.id);
  }),

  /**
   * POST /api/delete-media: all or nothing; the member must manage every item. Rows go first,
   * in one statement; then the objects leave the store.
   */
  delete: memberProcedure.input(mediaDeleteInput).mutation(async ({ ctx, input }) => {
    const ids = [...new Set(input.media)];
    const rows = await requireManageableMedia(ctx, ids);
    // Comments point at what they belong to without a foreign key (events and media alike).
    await ctx.db.transaction(async (tx) => {
      await tx.delete(comments).where(inArray(comments.commentableId, ids));
      await tx.delete(media).where(inArray(media.id, ids));
    });
    await deleteMediaObjects(ctx.store, rows, ctx.log);
    return { message: `Deleted ${ids.length} item(s).`, deleted: ids };
  }),
});

export const imagesRouter = router({
  /** GET /api/images/event/{eventId}. */
  byEvent: memberProcedure.input(z.object({ eventId: z.uuid("Event not found") })).query(async ({ ctx, input }) => {
    const event = await requireVisibleEvent(ctx, input.eventId);
    const rows = await selectMedia(ctx.db)
      .where(and(eq(media.associatedEventId, event.id), visibleMedia(ctx.user)))
      .orderBy(desc(media.uploadDate), desc(media.id));
    return rows.map((r) => toMediaDto(r, ctx.user));
  }),

  /** GET /api/images/{title}: media whose title (or name) matches. */
  byTitle: memberProcedure
    .input(z.object({ title: z.string().trim().min(1).max(200) }))
    .query(async ({ ctx, input }) => {
      const rows = await selectMedia(ctx.db)
        .where(and(or(eq(media.title, input.title), eq(media.name, input.title)), visibleMedia(ctx.user)))
        .orderBy(desc(media.uploadDate), desc(media.id))
        .limit(200);
      return rows.map((r) => toMediaDto(r, ctx.user));
    }),

  update: updateMedia,
});
