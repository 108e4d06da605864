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
  return onItem ? or(exists(onEvent), exists(onItem)) : exists(onEvent);
}

/**
 * What the comments of an item may be read and written on: a visible event or a visible media item
 * (members only). One statement, built once per kind of viewer (preparedOnce): every read and
 * write of comments passes here or through `requireVisibleComment`, which asks the same.
 */
export async function requireCommentable(ctx: ApiContext, commentableId: string): Promise<void> {
  const viewer = readerOf(ctx);
  const kind = viewerKind(viewer);
  const query = preparedOnce(ctx.db, `requireCommentable ${kind}`, () =>
    ctx.db
      .select({ commentable: sql<boolean>`${commentableBy(ctx.db, viewerPlaceholder(kind), p("id"))}` })
      .from(sql`(select 1) as one_row`)
      .prepare("commentable"),
  );
  const [row] = await query.execute({ id: commentableId, ...viewerValues(viewer) });
  if (!row?.commentable) throw notFound(NOTHING_TO_COMMENT_ON);
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
