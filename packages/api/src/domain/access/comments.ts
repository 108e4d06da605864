// Comments: who reads them (visitors too, on open events) and where they may be written.
import { comments, events, media, type Queryable } from "@club/db";
import { and, eq, exists, or, type SQLWrapper, sql } from "@club/db/orm";
import type { ApiContext } from "../../context";
import { COMMENT_NOT_FOUND, NOTHING_TO_COMMENT_ON, notFound } from "../../errors";
import { preparedOnce } from "../../lib/prepared";
import type { MemberContext, Viewer, ViewerRef } from "./callers";
import { viewerKind, viewerPlaceholder, viewerValues, visibleEvents } from "./events";
import { visibleMedia } from "./media";

const p = sql.placeholder;

/**
 * Who reads what visitors may read (comments): a signed-in member, or a visitor. A member who must
 * replace a temporary password reads as a visitor until she has.
 */
function readerOf(ctx: ApiContext): Viewer | null {
  return ctx.user && !ctx.user.mustChangePassword ? ctx.user : null;
}

/**
 * The item `item` (an event or a media item) is one whose comments the viewer may read and write
 * on: two EXISTS, the second asked only when the first is false.
 */
function commentableBy(db: Queryable, reader: ViewerRef | null, item: SQLWrapper) {
  const { onEvent, onItem } = commentableWhere(db, reader, item);
  return onItem ? or(exists(onEvent), exists(onItem)) : exists(onEvent);
}

function commentableWhere(db: Queryable, reader: ViewerRef | null, item: SQLWrapper) {
  const onEvent = db
    .select({ one: sql`1` })
    .from(events)
    .where(and(eq(events.id, item), visibleEvents(reader)));
  const onItem = reader
    ? db
        .select({ one: sql`1` })
        .from(media)
        .where(and(eq(media.id, item), visibleMedia(reader)))
    : undefined;
  return { onEvent, onItem };
}

/** What comments are on: an event, or a photo or video of the gallery. */
export type CommentableType = "event" | "media";

/**
 * What the comments of an item may be read and written on: a visible event or a visible media item
 * (members only); which of the two it is. One statement, built once per kind of viewer
 * (preparedOnce): every read and write of comments passes here or through `requireVisibleComment`,
 * which asks the same.
 */
export async function requireCommentable(ctx: ApiContext, commentableId: string): Promise<CommentableType> {
  const viewer = readerOf(ctx);
  const kind = viewerKind(viewer);
  const query = preparedOnce(ctx.db, `requireCommentable ${kind}`, () => {
    // Which of the two it is, in the same statement (CASE asks the second only when the first fails).
    const { onEvent, onItem } = commentableWhere(ctx.db, viewerPlaceholder(kind), p("id"));
    const commentable = onItem
      ? sql<CommentableType | null>`case when exists(${onEvent}) then 'event' when exists(${onItem}) then 'media' end`
      : sql<CommentableType | null>`case when exists(${onEvent}) then 'event' end`;
    return ctx.db.select({ commentable }).from(sql`(select 1) as one_row`).prepare("commentable");
  });
  const [row] = await query.execute({ id: commentableId, ...viewerValues(viewer) });
  if (!row?.commentable) throw notFound(NOTHING_TO_COMMENT_ON);
  return row.commentable;
}

/**
 * A comment whose item the member may see; otherwise "Comment not found." One statement (the
 * comment and its item's visibility together): a like or an edit waited for two answers in turn,
 * each a lap of the server's event loop under load.
 */
export async function requireVisibleComment(ctx: MemberContext, id: string) {
  const viewer = readerOf(ctx);
  const kind = viewerKind(viewer);
  const query = preparedOnce(ctx.db, `requireVisibleComment ${kind}`, () =>
    ctx.db
      .select()
      .from(comments)
      .where(and(eq(comments.id, p("id")), commentableBy(ctx.db, viewerPlaceholder(kind), comments.commentableId)))
      .prepare("visible_comment"),
  );
  const [row] = await query.execute({ id, ...viewerValues(viewer) });
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return row;
}
