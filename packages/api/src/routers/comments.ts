import {
  commentIdInput,
  commentInput,
  commentListInput,
  commentsCreateAnswer,
  commentsDeleteAnswer,
  commentsLikeAnswer,
  commentsListAnswer,
  commentsPageAnswer,
  commentsUnlikeAnswer,
  commentsUpdateAnswer,
  commentUpdateInput,
} from "@club/shared";
import { z } from "zod";
import { requireAuthor, requireCommentable, requireCommentRemover, requireVisibleComment } from "../domain/access";
import {
  addComment,
  commentsPage,
  deleteComment,
  editComment,
  likeComment,
  unlikeComment,
} from "../domain/comments/comments";
import { commentChanges } from "../domain/notifications/streams";
import { answer, memberProcedure, publicProcedure, router } from "../trpc";

export const commentsRouter = router({
  /** GET /api/comments?commentableId=: newest first, for whoever may see the item (visitors: open events). */
  list: publicProcedure
    .input(commentListInput)
    .output(answer(commentsListAnswer))
    .query(async ({ ctx, input }) => {
      await requireCommentable(ctx, input.commentableId);
      ctx.answerReadsCommentsOf?.(input.commentableId);
      return (await commentsPage(ctx.db, ctx.user?.id ?? null, input)).items;
    }),

  /** The same, with the cursor of the next page: GET /api/comments answers a page and links the next. */
  page: publicProcedure
    .input(commentListInput)
    .output(answer(commentsPageAnswer))
    .query(async ({ ctx, input }) => {
      await requireCommentable(ctx, input.commentableId);
      ctx.answerReadsCommentsOf?.(input.commentableId);
      return commentsPage(ctx.db, ctx.user?.id ?? null, input);
    }),

  /** Tells the page showing an item's comments each time they change, to fetch them again. */
  live: memberProcedure
    .input(
      z.object({
        commentableId: z.uuid("There is no event or media item to comment on."),
        lastEventId: z.string().max(100).nullish(),
      }),
    )
    .subscription(async ({ ctx, input, signal }) => {
      // Refused before the stream opens: an item she may not see is "not found", as for a read.
      await requireCommentable(ctx, input.commentableId);
      return commentChanges(ctx, input.commentableId, signal);
    }),

  /** POST /api/comments: on an event or a media item the member can see. */
  create: memberProcedure
    .input(commentInput)
    .output(answer(commentsCreateAnswer))
    .mutation(async ({ ctx, input }) => {
      const on = await requireCommentable(ctx, input.commentableId);
      return addComment(ctx, ctx.user, { ...input, on });
    }),

  /** PUT /api/comments/{id}: the author only. */
  update: memberProcedure
    .input(commentUpdateInput)
    .output(answer(commentsUpdateAnswer))
    .mutation(async ({ ctx, input }) => {
      requireAuthor(ctx.user, await requireVisibleComment(ctx, input.id));
      return editComment(ctx.db, ctx.user.id, input.id, input.content);
    }),

  /** DELETE /api/comments/{id}: the author or an admin. */
  delete: memberProcedure
    .input(commentIdInput)
    .output(answer(commentsDeleteAnswer))
    .mutation(async ({ ctx, input }) => {
      const comment = await requireVisibleComment(ctx, input.id);
      requireCommentRemover(ctx.user, comment);
      await deleteComment(ctx, comment, ctx.user.id);
      return { ok: true as const };
    }),

  /** POST /api/comments/{id}/like: one like per member. */
  like: memberProcedure
    .input(commentIdInput)
    .output(answer(commentsLikeAnswer))
    .mutation(async ({ ctx, input }) => {
      const comment = await requireVisibleComment(ctx, input.id);
      return likeComment(ctx.db, ctx.user.id, comment);
    }),

  /** DELETE /api/comments/{id}/unlike. */
  unlike: memberProcedure
    .input(commentIdInput)
    .output(answer(commentsUnlikeAnswer))
    .mutation(async ({ ctx, input }) => {
      await requireVisibleComment(ctx, input.id);
      return unlikeComment(ctx.db, ctx.user.id, input.id);
    }),
});
