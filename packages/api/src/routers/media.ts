import { media } from "@club/db";
import { mediaDeleteInput, mediaListInput, mediaUpdateInput } from "@club/shared";
import { and, arrayContains, desc, eq, inArray, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ApiContext } from "../context";
import { findVisibleEvent } from "../domain/events/queries";
import { selectMedia, storageKeysOf, toMediaDto } from "../domain/media/dto";
import { forbidden, notFound } from "../errors";
import { memberProcedure, router } from "../trpc";

const PAGE = 60;

/** Keyset pagination on (upload_date, id), newest first: stable while uploads arrive. */
function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [iso, id] = cursor.split("|");
  const at = new Date(iso ?? "");
  if (!id || Number.isNaN(at.getTime())) return undefined;
  return or(lt(media.uploadDate, at), and(eq(media.uploadDate, at), lt(media.id, id)));
}

type Member = NonNullable<ApiContext["user"]>;

async function managedRow(ctx: ApiContext & { user: Member }, id: string) {
  const [row] = await ctx.db.select().from(media).where(eq(media.id, id));
  if (!row) throw notFound("Media not found.");
  if (!ctx.user.admin && row.uploadedBy !== ctx.user.id)
    throw forbidden("Only the uploader or an admin can change this item.");
  return row;
}

/** Shared by PUT /api/media/{id} and PUT /api/images/{id}. */
export const updateMedia = memberProcedure.input(mediaUpdateInput).mutation(async ({ ctx, input }) => {
  await managedRow(ctx, input.id);
  if (input.associatedEventId && !(await findVisibleEvent(ctx.db, ctx.user, input.associatedEventId))) {
    throw notFound("Event not found");
  }
  await ctx.db
    .update(media)
    .set({
      ...(input.name !== undefined ? { name: input.name || null, title: input.name || null } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.tags != null ? { tags: [...new Set(input.tags)] } : {}),
      ...(input.associatedEventId !== undefined ? { associatedEventId: input.associatedEventId } : {}),
    })
    .where(eq(media.id, input.id));
  const [row] = await selectMedia(ctx.db).where(eq(media.id, input.id));
  return toMediaDto(row!, ctx.user);
});

export const mediaRouter = router({
  /** GET /api/media: newest first, a page at a time; filter by tag or event. */
  list: memberProcedure.input(mediaListInput).query(async ({ ctx, input }) => {
    const limit = input?.limit ?? PAGE;
    const rows = await selectMedia(ctx.db)
      .where(
        and(
          input?.tag ? arrayContains(media.tags, [input.tag]) : undefined,
          input?.eventId ? eq(media.associatedEventId, input.eventId) : undefined,
          afterCursor(input?.cursor),
        ),
      )
      .orderBy(desc(media.uploadDate), desc(media.id))
      .limit(limit + 1);
    const items = rows.slice(0, limit).map((r) => toMediaDto(r, ctx.user));
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > limit && last ? `${last.upload_date.toISOString()}|${last.id}` : null,
    };
  }),

  get: memberProcedure.input(z.object({ id: z.uuid("Media not found.") })).query(async ({ ctx, input }) => {
    const [row] = await selectMedia(ctx.db).where(eq(media.id, input.id));
    if (!row) throw notFound("Media not found.");
    return toMediaDto(row, ctx.user);
  }),

  update: updateMedia,

  /**
   * POST /api/delete-media: all or nothing; the member must manage every item. Rows go first,
   * in one statement; then the objects leave the store.
   */
  delete: memberProcedure.input(mediaDeleteInput).mutation(async ({ ctx, input }) => {
    const ids = [...new Set(input.media)];
    const rows = await ctx.db.select().from(media).where(inArray(media.id, ids));
    if (rows.length !== ids.length) throw notFound("Some of the selected media no longer exist.");
    if (!ctx.user.admin && rows.some((r) => r.uploadedBy !== ctx.user.id)) {
      throw forbidden("Only the uploader or an admin can delete an item.");
    }
    await ctx.db.delete(media).where(inArray(media.id, ids));
    for (const key of rows.flatMap(storageKeysOf)) {
      await ctx.store
        .delete(key)
        .catch((err: unknown) => ctx.log.warn({ err, key }, "could not delete a media object"));
    }
    return { message: `Deleted ${ids.length} item(s).`, deleted: ids };
  }),
});

export const imagesRouter = router({
  /** GET /api/images/event/{eventId}. */
  byEvent: memberProcedure.input(z.object({ eventId: z.uuid("Event not found") })).query(async ({ ctx, input }) => {
    if (!(await findVisibleEvent(ctx.db, ctx.user, input.eventId))) throw notFound("Event not found");
    const rows = await selectMedia(ctx.db)
      .where(eq(media.associatedEventId, input.eventId))
      .orderBy(desc(media.uploadDate));
    return rows.map((r) => toMediaDto(r, ctx.user));
  }),

  /** GET /api/images/{title}: media whose title (or name) matches. */
  byTitle: memberProcedure
    .input(z.object({ title: z.string().trim().min(1).max(200) }))
    .query(async ({ ctx, input }) => {
      const rows = await selectMedia(ctx.db).where(or(eq(media.title, input.title), eq(media.name, input.title)));
      return rows.map((r) => toMediaDto(r, ctx.user));
    }),

  update: updateMedia,
});
