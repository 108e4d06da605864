import { TRPCError, tracked } from "@trpc/server";
import { authKey, LIVE_RECHECK_MS, type LiveChanges } from "../../lib/live";
import { type MemberContext, requireCommentable, stillSignedIn } from "../access";
import { messagesState } from "../conversations/messages";
import { unreadCount } from "./list";

function requireLive(ctx: MemberContext): LiveChanges {
  if (!ctx.live) throw new TRPCError({ code: "PRECONDITION_FAILED", message: "Live updates are not available here." });
  return ctx.live;
}

/**
 * The bell's count and her messages' (the unread number, and when her conversations last changed,
 * so that an open conversation hears of a message even when it is muted or read at once), now and
 * at every change: each event carries an id (tracked), so a browser that
 * lost the connection reconnects with the last one and is told the count again. The stream ends
 * when her session or the API token it was opened with does (signed out, password changed, token
 * revoked, account deleted: the auth changes wake it at once), when the server closes, or when she
 * opens more than LIVE_STREAMS_PER_SESSION in one session or LIVE_STREAMS_PER_MEMBER in all (the oldest
 * ends).
 */
export async function* unreadStream(ctx: MemberContext, signal: AbortSignal | undefined) {
  const live = requireLive(ctx);
  const seat = live.enter("bell", ctx.session.id, ctx.user.id);
  try {
    let sent: string | undefined;
    let seq = 0;
    do {
      if (!(await stillSignedIn(ctx))) return;
      const [unread, messages] = await Promise.all([unreadCount(ctx.db, ctx.user), messagesState(ctx.db, ctx.user.id)]);
      const state = JSON.stringify([unread, messages]);
      if (state !== sent) {
        sent = state;
        yield tracked(`${Date.now().toString(36)}-${seq++}`, { unread, messages });
      }
    } while (await live.next([`member:${ctx.user.id}`, authKey(ctx.user.id)], signal, LIVE_RECHECK_MS, seat));
  } finally {
    live.leave(seat);
  }
}

/**
 * "The comments of this item changed": the page that shows them fetches them again (through the
 * same access rules as any read). Only for an item she may see, checked at the start and each time;
 * it ends with her session or token, as the bell's does.
 */
export async function* commentChanges(ctx: MemberContext, commentableId: string, signal: AbortSignal | undefined) {
  const live = requireLive(ctx);
  const seat = live.enter("comments", ctx.session.id, ctx.user.id);
  try {
    let seq = 0;
    // At once too: a page that (re)connects fetches what it may have missed meanwhile.
    do {
      if (!(await stillSignedIn(ctx))) return;
      await requireCommentable(ctx, commentableId);
      yield tracked(`${Date.now().toString(36)}-${seq++}`, { commentableId });
    } while (await live.next([`comments:${commentableId}`, authKey(ctx.user.id)], signal, LIVE_RECHECK_MS, seat));
  } finally {
    live.leave(seat);
  }
}
