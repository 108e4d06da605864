import { sessionsEndAnswer, sessionsEndOthersAnswer, sessionsListAnswer } from "@club/shared";
import { z } from "zod";
import {
  endMemberSession,
  endOtherMemberSessions,
  listMemberSessions,
  PUBLIC_SESSION_ID,
} from "../domain/ways-in/member-sessions";
import { answer, memberProcedure, router } from "../trpc";

/**
 * A member's own browser sessions (Settings → Security). Hers only (the access module's
 * `ownSessions`); no API token lists or ends them (`requireTokenScope`).
 */
export const sessionsRouter = router({
  list: memberProcedure
    .output(answer(sessionsListAnswer))
    .query(({ ctx }) => listMemberSessions(ctx.db, ctx.user, ctx.session.id)),

  /** Ends one of them; this browser's own signs her out (its cookie is cleared). */
  end: memberProcedure
    .input(z.object({ id: z.string().regex(PUBLIC_SESSION_ID, "Unknown session.") }))
    .output(answer(sessionsEndAnswer))
    .mutation(({ ctx, input }) => endMemberSession(ctx, input.id)),

  /** "Sign out everywhere else": every session but this browser's. */
  endOthers: memberProcedure.output(answer(sessionsEndOthersAnswer)).mutation(({ ctx }) => endOtherMemberSessions(ctx)),
});
