import { randomUUID } from "node:crypto";
import { commentLikes, comments, type Db, events, type Queryable, users } from "@club/db";
import { and, desc, eq, inArray, type Placeholder, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { COMMENTS_PAGE_MAX, FORMER_MEMBER } from "@club/shared";
import { COMMENT_NOT_FOUND, notFound } from "../../errors";
import { keyset } from "../../lib/keyset";
import { preparedOnce } from "../../lib/prepared";
import { insertedRow } from "../../lib/rows";
import type { CommentableType } from "../access";
import { noticeComment, noticeLike, ownerOf } from "../notifications/on-comments";
import { emitWebhook } from "../webhooks/emit";

/**
 * Comments on events and media items, with their likes. Callers check first that the reader may
 * see the item (`requireCommentable`, `requireVisibleComment` in the access module): nothing here does.
 */

/** An item's comments, newest first, a page at a time. */
const commentPages = keyset(comments.createdAt, comments.id, "These comments have changed. Please reload them.");

const p = sql.placeholder;

/**
 * Comments with author, like count and the reader's like, in one query (no query per comment).
 * `readerId` is null for a visitor, who has liked nothing; a prepared query passes a placeholder.
 */
function selectComments(db: Queryable, readerId: string | Placeholder | null) {
  return db.select(commentFields(readerId)).from(comments).leftJoin(users, eq(users.id, comments.userId));
}

function commentFields(readerId: string | Placeholder | null) {
  return {
    id: comments.id,
    content: comments.content,
    commentableId: comments.commentableId,
    created_at: comments.createdAt,
    updated_at: comments.updatedAt,
    user_id: comments.userId,
    cursorAt: commentPages.column,
    // A former member's comment (her account deleted, the comment kept) has no author row.
    username: sql<string>`coalesce(${users.name}, ${FORMER_MEMBER})`,
    like_count: sql<number>`(select count(*) from ${commentLikes} where ${commentLikes.commentId} = ${comments.id})::int`,
    user_liked:
      readerId !== null
        ? sql<boolean>`exists(select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${readerId})`
        : sql<boolean>`false`,
  };
}

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];
const toComment = ({ cursorAt: _, ...comment }: CommentRow) => comment;
export type Comment = ReturnType<typeof toComment>;

/** One comment as the reader sees it. */
export async function commentById(db: Queryable, readerId: string | null, id: string): Promise<Comment> {
  const [row] = await selectComments(db, readerId).where(eq(comments.id, id));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return toComment(row);
}

/**
 * A page of an item's comments (the placeholders `item`, `limit`, and `readerId`, `cursorAt` and
 * `cursorId` as the shape has them), with the item's whole count beside each row: one statement,
 * built once per shape. The page's ids come first, on the (commentable_id, created_at, id) index;
 * then their authors and likes (joined before the limit, Postgres hashed every member to find a
 * thousand authors: 23 ms at 100k). The count does not depend on the row: Postgres counts once.
 */
function pageQuery(db: Queryable, shape: { reader: boolean; cursor: boolean }) {
  const item = p("item");
  const pageIds = db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.commentableId, item), shape.cursor ? commentPages.afterPlaceholders : undefined))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(p("limit"));
  return db
    .select({
      ...commentFields(shape.reader ? p("readerId") : null),
      total: sql<number>`(select count(*) from ${comments} where ${comments.commentableId} = ${item})::int`,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.id, pageIds))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .prepare("comments_page");
}

/** Up to `limit` comments (at most COMMENTS_PAGE_MAX) of an item, and where the next page starts. */
export async function commentsPage(
  db: Queryable,
  readerId: string | null,
  page: { commentableId: string; cursor?: string | undefined; limit?: number | undefined },
): Promise<{ items: Comment[]; nextCursor: string | null; total: number }> {
  const limit = page.limit ?? COMMENTS_PAGE_MAX;
  const after = commentPages.read(page.cursor);
  const shape = { reader: readerId !== null, cursor: after !== undefined };
  const query = preparedOnce(db, `comments.page ${shape.reader} ${shape.cursor}`, () => pageQuery(db, shape));
  const rows = await query.execute({ item: page.commentableId, readerId, ...after, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(({ total: _, ...row }) => toComment(row)),
    nextCursor: rows.length > limit && last ? commentPages.next(last.cursorAt, last.id) : null,
    // The section's heading counts them all ("1,000 Comments") while it shows a page. An empty page
    // past a cursor (its comments since deleted) has no row to carry the count.
    total: rows[0]?.total ?? (after ? await itemCount(db, page.commentableId) : 0),
  };
}

async function itemCount(db: Queryable, commentableId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(eq(comments.commentableId, commentableId));
  return row?.n ?? 0;
}

export async function addComment(
  ctx: { db: Queryable; jobs: JobSender },
  author: { id: string; name: string },
  comment: { commentableId: string; content: string; on: CommentableType },
): Promise<Comment> {
  // The comment, the news of it to the item's owner, and the club's webhooks, together. Its id is
  // chosen here so that none of them waits for another: they go at once, pipelined on the
  // transaction's connection (one wait for Postgres, not three). The answer is made from what the
  // insert returns: a new comment has no likes yet, and its author is the member posting it.
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const [rows] = await Promise.all([
      tx
        .insert(comments)
        .values({ id, commentableId: comment.commentableId, userId: author.id, content: comment.content })
        .returning({ created_at: comments.createdAt, updated_at: comments.updatedAt }),
      noticeComment(tx, author.id, comment.commentableId),
      emitWebhook(tx, ctx.jobs, "comment.created", {
        id,
        commentableId: comment.commentableId,
        commentableType: comment.on,
        authorId: author.id,
        content: comment.content,
      }),
    ]);
    const { created_at, updated_at } = insertedRow(rows);
    return {
      id,
      content: comment.content,
      commentableId: comment.commentableId,
      created_at,
      updated_at,
      user_id: author.id,
      username: author.name,
      like_count: 0,
      user_liked: false,
    };
  });
}

export async function editComment(db: Queryable, authorId: string, id: string, content: string): Promise<Comment> {
  await db.update(comments).set({ content, updatedAt: new Date() }).where(eq(comments.id, id));
  return commentById(db, authorId, id);
}

/** Deletes a comment (its author's or an admin's act), telling the endpoints that asked, in one transaction. */
export async function deleteComment(
  ctx: { db: Db; jobs: JobSender },
  comment: { id: string; commentableId: string },
  deletedBy: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [[onEvent]] = await Promise.all([
      tx.select({ id: events.id }).from(events).where(eq(events.id, comment.commentableId)),
      tx.delete(comments).where(eq(comments.id, comment.id)),
    ]);
    await emitWebhook(tx, ctx.jobs, "comment.deleted", {
      id: comment.id,
      commentableId: comment.commentableId,
      commentableType: onEvent ? "event" : "media",
      deletedBy,
    });
  });
}

/**
 * Her like on a comment (as `requireVisibleComment` read it), and the news of it to its author: one
 * like per member, concurrent likes collapse on the key. Answers the comment's new count. What
 * needs nothing from another statement goes with it (pipelined: two waits for Postgres, not five).
 */
export async function likeComment(
  db: Queryable,
  userId: string,
  comment: { id: string; userId: string | null; commentableId: string },
) {
  return db.transaction(async (tx) => {
    const [added, item] = await Promise.all([
      tx
        .insert(commentLikes)
        .values({ commentId: comment.id, userId })
        .onConflictDoNothing()
        .returning({ id: commentLikes.commentId }),
      ownerOf(tx, comment.commentableId),
    ]);
    // A like given again (the button pressed twice) is no news.
    const [likes] = await Promise.all([
      likesOf(tx, userId, comment.id),
      added.length > 0 && item ? noticeLike(tx, userId, comment, item) : undefined,
    ]);
    return likes;
  });
}

export async function unlikeComment(db: Queryable, userId: string, id: string) {
  await db.delete(commentLikes).where(and(eq(commentLikes.commentId, id), eq(commentLikes.userId, userId)));
  return likesOf(db, userId, id);
}

async function likesOf(db: Queryable, userId: string, id: string) {
  const { like_count, user_liked } = await commentById(db, userId, id);
  return { like_count, user_liked };
}
