// Comments: who reads them (visitors too, on open events) and where they may be written.
import { comments, events, media } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import type { ApiContext } from "../../context";
import { COMMENT_NOT_FOUND, NOTHING_TO_COMMENT_ON, notFound } from "../../errors";
import { preparedOnce } from "../prepared";
import type { MemberContext, Viewer } from "./callers";
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
 * What the comments of an item may be read and written on: a visible event or a visible media item
 * (members only). One statement (two EXISTS, the second asked only when the first is false), built
 * once per kind of viewer (preparedOnce): every read and write of comments passes here.
 */
export async function requireCommentable(ctx: ApiContext, commentableId: string): Promise<void> {
  const viewer = readerOf(ctx);
  const kind = viewerKind(viewer);
  const query = preparedOnce(ctx.db, `requireCommentable ${kind}`, () => {
    const reader = viewerPlaceholder(kind);
    const onEvent = ctx.db
      .select({ one: sql`1` })
      .from(events)
      .where(and(eq(events.id, p("id")), visibleEvents(reader)));
    const onItem = reader
      ? ctx.db
          .select({ one: sql`1` })
          .from(media)
          .where(and(eq(media.id, p("id")), visibleMedia(reader)))
      : undefined;
    return ctx.db
      .select({ commentable: sql<boolean>`exists(${onEvent})${onItem ? sql` or exists(${onItem})` : sql``}` })
      .from(sql`(select 1) as one_row`)
      .prepare("commentable");
  });
  const [row] = await query.execute({ id: commentableId, ...viewerValues(viewer) });
  if (!row?.commentable) throw notFound(NOTHING_TO_COMMENT_ON);
}

/** A comment whose item the member may see; otherwise "Comment not found." */
export async function requireVisibleComment(ctx: MemberContext, id: string) {
  const [row] = await ctx.db.select().from(comments).where(eq(comments.id, id));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  try {
    await requireCommentable(ctx, row.commentableId);
  } catch (err) {
    // Only "nothing to comment on" becomes "comment not found"; a database that stopped answering
    // stays an outage (503), not a comment that seems to have vanished.
    if (err instanceof TRPCError && err.code === "NOT_FOUND") throw notFound(COMMENT_NOT_FOUND);
    throw err;
  }
  return row;
}
