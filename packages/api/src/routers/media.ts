import {
  imagesByEventAnswer,
  imagesByTitleAnswer,
  mediaDeleteAnswer,
  mediaDeleteInput,
  mediaGetAnswer,
  mediaLikeAnswer,
  mediaListAnswer,
  mediaListInput,
  mediaRetryProcessingAnswer,
  mediaTagsAnswer,
  mediaUnlikeAnswer,
  mediaUpdateAnswer,
  mediaUpdateInput,
} from "@club/shared";
import { z } from "zod";
import {
  requireManageableMedia,
  requireMediaManager,
  requireVisibleEvent,
  requireVisibleMedia,
} from "../domain/access";
import { auditActor } from "../domain/audit/record";
import { changeMedia } from "../domain/media/change";
import { deleteMedia } from "../domain/media/delete";
import { mediaDto } from "../domain/media/dto";
import { likeMedia, unlikeMedia } from "../domain/media/likes";
import { listMedia, mediaOfEvent, mediaTitled, tagSuggestions } from "../domain/media/list";
import { retryTranscode } from "../domain/media/transcode";
import { badRequest, EVENT_NOT_FOUND, MEDIA_NOT_FOUND } from "../errors";
import { answer, memberProcedure, router } from "../trpc";

/** Shared by PUT /api/media/{id} and PUT /api/images/{id}. */
export const updateMedia = memberProcedure
  .input(mediaUpdateInput)
  .output(answer(mediaUpdateAnswer))
  .mutation(async ({ ctx, input }) => {
    const { id, ...change } = input;
    const row = await requireVisibleMedia(ctx, id);
    requireMediaManager(ctx.user, row, "change");
    if (change.associatedEventId) await requireVisibleEvent(ctx, change.associatedEventId);
    return changeMedia(ctx, row.id, change);
  });

export const mediaRouter = router({
  /** GET /api/media: newest first, a page at a time; filter by tag or event. */
  list: memberProcedure
    .input(mediaListInput)
    .output(answer(mediaListAnswer))
    .query(({ ctx, input }) => listMedia(ctx.db, ctx.user, input)),

  /** Suggestions for the gallery's tag search: the tags in use that start with what was typed. */
  tags: memberProcedure
    .input(z.object({ prefix: z.string().trim().toLowerCase().max(40) }))
    .output(answer(mediaTagsAnswer))
    .query(({ ctx, input }) => tagSuggestions(ctx.db, ctx.user, input.prefix)),

  get: memberProcedure
    .input(z.object({ id: z.uuid(MEDIA_NOT_FOUND) }))
    .output(answer(mediaGetAnswer))
    .query(async ({ ctx, input }) => {
      await requireVisibleMedia(ctx, input.id);
      return mediaDto(ctx, input.id);
    }),

  update: updateMedia,

  /** POST /api/media/{id}/like: one like per member, on an item she may see. */
  like: memberProcedure
    .input(z.object({ id: z.uuid(MEDIA_NOT_FOUND) }))
    .output(answer(mediaLikeAnswer))
    .mutation(async ({ ctx, input }) => {
      const item = await requireVisibleMedia(ctx, input.id);
      return likeMedia(ctx.db, ctx.user.id, item);
    }),

  /** DELETE /api/media/{id}/unlike. */
  unlike: memberProcedure
    .input(z.object({ id: z.uuid(MEDIA_NOT_FOUND) }))
    .output(answer(mediaUnlikeAnswer))
    .mutation(async ({ ctx, input }) => {
      await requireVisibleMedia(ctx, input.id);
      return unlikeMedia(ctx.db, ctx.user.id, input.id);
    }),

  /** A video whose playable version could not be made: its uploader or an admin asks for another try. */
  retryProcessing: memberProcedure
    .input(z.object({ id: z.uuid(MEDIA_NOT_FOUND) }))
    .output(answer(mediaRetryProcessingAnswer))
    .mutation(async ({ ctx, input }) => {
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
  delete: memberProcedure
    .input(mediaDeleteInput)
    .output(answer(mediaDeleteAnswer))
    .mutation(async ({ ctx, input }) => {
      const ids = [...new Set(input.media)];
      await deleteMedia(ctx, await requireManageableMedia(ctx, ids), { id: ctx.user.id, audit: auditActor(ctx) });
      return { message: `Deleted ${ids.length} item(s).`, deleted: ids };
    }),
});

export const imagesRouter = router({
  /** GET /api/images/event/{eventId}. */
  byEvent: memberProcedure
    .input(z.object({ eventId: z.uuid(EVENT_NOT_FOUND) }))
    .output(answer(imagesByEventAnswer))
    .query(async ({ ctx, input }) => {
      // Both statements go out together (one wait for Postgres, not two in turn); an event she may
      // not see answers 404 and its media, read by then, are dropped.
      const [, items] = await Promise.all([
        requireVisibleEvent(ctx, input.eventId),
        mediaOfEvent(ctx.db, ctx.user, input.eventId),
      ]);
      return items;
    }),

  /** GET /api/images/{title}: media whose title (or name) matches. */
  byTitle: memberProcedure
    .input(z.object({ title: z.string().trim().min(1).max(200) }))
    .output(answer(imagesByTitleAnswer))
    .query(({ ctx, input }) => mediaTitled(ctx.db, ctx.user, input.title)),

  update: updateMedia,
});
