import { commentLikes, comments, users } from "@club/db";
import { and, desc, eq, inArray, sql } from "@club/db/orm";
import { COMMENTS_PAGE_MAX, commentIdInput, commentInput, commentListInput, commentUpdateInput } from "@club/shared";
import type { z } from "zod";
import type { ApiContext } from "../context";
import { requireAuthor, requireCommentable, requireCommentRemover, requireVisibleComment } from "../domain/access";
import { keyset } from "../domain/keyset";
import { COMMENT_NOT_FOUND, notFound } from "../errors";
import { memberProcedure, publicProcedure, router } from "../trpc";

/** An item's comments, newest first, a page at a time. */
const commentPages = keyset(comments.createdAt, comments.id, "These comments have changed. Please reload them.");

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
      cursorAt: commentPages.column,
      username: users.name,
      like_count: sql<number>`(select count(*) from ${commentLikes} where ${commentLikes.commentId} = ${comments.id})::int`,
      user_liked: viewerId
        ? sql<boolean>`exists(select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId));
}

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];
const toComment = ({ cursorAt: _, ...comment }: CommentRow) => comment;

async function oneComment(ctx: ApiContext, id: string) {
  const [row] = await selectComments(ctx).where(eq(comments.id, id));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return toComment(row);
}

/** Up to `limit` comments (at most COMMENTS_PAGE_MAX) of an item the viewer may see, and where the next page starts. */
async function commentsPage(ctx: ApiContext, input: z.output<typeof commentListInput>) {
  await requireCommentable(ctx, input.commentableId);
  const limit = input.limit ?? COMMENTS_PAGE_MAX;
  // The page's ids first, on the (commentable_id, created_at, id) index; then their authors and likes.
  // Joined before the limit, Postgres hashed every member to find a thousand authors (23 ms at 100k).
  const pageIds = ctx.db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.commentableId, input.commentableId), commentPages.after(input.cursor)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit + 1);
  const rows = await selectComments(ctx)
    .where(inArray(comments.id, pageIds))
    .orderBy(desc(comments.createdAt), desc(comments.id));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toComment),
    nextCursor: rows.length > limit && last ? commentPages.next(last.cursorAt, last.id) : null,
  };
}

export const commentsRouter = router({
  /** GET /api/comments?commentableId=: newest first, for whoever may see the item (visitors: open events). */
  list: publicProcedure.input(commentListInput).query(async ({ ctx, input }) => (await commentsPage(ctx, input)).items),

  /** The same, with the cursor of the next page: GET /api/comments answers a page and links the next. */
  page: publicProcedure.input(commentListInput).query(({ ctx, input }) => commentsPage(ctx, input)),

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
    requireAuthor(ctx.user, existing);
    await ctx.db
      .update(comments)
      .set({ content: input.content, updatedAt: new Date() })
      .where(eq(comments.id, input.id));
    return oneComment(ctx, input.id);
  }),

  /** DELETE /api/comments/{id}: the author or an admin. */
  delete: memberProcedure.input(commentIdInput).mutation(async ({ ctx, input }) => {
    const existing = await requireVisibleComment(ctx, input.id);
    requireCommentRemover(ctx.user, existing);
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
