import { commentLikes, comments, users } from "@club/db";
import { and, desc, eq, sql } from "@club/db/orm";
import { commentIdInput, commentInput, commentListInput, commentUpdateInput } from "@club/shared";
import type { ApiContext } from "../context";
import {
  COMMENT_NOT_FOUND,
  requireAuthor,
  requireCommentable,
  requireOwnerOrAdmin,
  requireVisibleComment,
} from "../domain/access";
import { notFound } from "../errors";
import { memberProcedure, publicProcedure, router } from "../trpc";

/** Comments with author, like count and the viewer's like, in one query (no query per comment). */
function selectComments(ctx: ApiContext) {
  const viewerId = ctx.user?.id ?? null;
  return ctx.db
    .select({
      id: comments.id,
      content: comments.content,
      commentableId: comments.commentableId,
      created_at: comments.createdAt,
      updated_at: comments.updatedAt,
      user_id: comments.userId,
      username: users.name,
      like_count: sql<number>`(select count(*) from ${commentLikes} where ${commentLikes.commentId} = ${comments.id})::int`,
      user_liked: viewerId
        ? sql<boolean>`exists(select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId));
}

async function oneComment(ctx: ApiContext, id: string) {
  const [row] = await selectComments(ctx).where(eq(comments.id, id));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

export const commentsRouter = router({
  /** GET /api/comments?commentableId=: newest first, for whoever may see the item (visitors: open events). */
  list: publicProcedure.input(commentListInput).query(async ({ ctx, input }) => {
    await requireCommentable(ctx, input.commentableId);
    return selectComments(ctx).where(eq(comments.commentableId, input.commentableId)).orderBy(desc(comments.createdAt));
  }),

  /** POST /api/comments: on an event or a media item the member can see. */
  create: memberProcedure.input(commentInput).mutation(async ({ ctx, input }) => {
    await requireCommentable(ctx, input.commentableId);
    const [row] = await ctx.db
      .insert(comments)
      .values({ commentableId: input.commentableId, userId: ctx.user.id, content: input.content })
      .returning({ id: comments.id });
    return oneComment(ctx, row!.id);
  }),

  /** PUT /api/comments/{id}: the author only. */
  update: memberProcedure.input(commentUpdateInput).mutation(async ({ ctx, input }) => {
    const existing = await requireVisibleComment(ctx, input.id);
    requireAuthor(ctx.user, existing.userId);
    await ctx.db
      .update(comments)
      .set({ content: input.content, updatedAt: new Date() })
      .where(eq(comments.id, input.id));
    return oneComment(ctx, input.id);
  }),

  /** DELETE /api/comments/{id}: the author or an admin. */
  delete: memberProcedure.input(commentIdInput).mutation(async ({ ctx, input }) => {
    const existing = await requireVisibleComment(ctx, input.id);
    requireOwnerOrAdmin(ctx.user, existing.userId, "Only the author or an admin can delete a comment.");
    await ctx.db.delete(comments).where(eq(comments.id, input.id));
    return { ok: true as const };
  }),

  /** POST /api/comments/{id}/like: one like per member; concurrent likes collapse on the key. */
  like: memberProcedure.input(commentIdInput).mutation(async ({ ctx, input }) => {
    await requireVisibleComment(ctx, input.id);
    await ctx.db.insert(commentLikes).values({ commentId: input.id, userId: ctx.user.id }).onConflictDoNothing();
    const { like_count, user_liked } = await oneComment(ctx, input.id);
    return { like_count, user_liked };
  }),

  /** DELETE /api/comments/{id}/unlike. */
  unlike: memberProcedure.input(commentIdInput).mutation(async ({ ctx, input }) => {
    await requireVisibleComment(ctx, input.id);
    await ctx.db
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, input.id), eq(commentLikes.userId, ctx.user.id)));
    const { like_count, user_liked } = await oneComment(ctx, input.id);
    return { like_count, user_liked };
  }),
});
