import { homeGetAnswer, homeSeenAnswer } from "@club/shared";
import { markHomeSeen, memberHome } from "../domain/home/home";
import { answer, memberProcedure, router } from "../trpc";

/** Her home (/member-home, "My club"). */
export const homeRouter = router({
  /** Everything the home shows, in one answer (the page makes no other request for its data). */
  get: memberProcedure.output(answer(homeGetAnswer)).query(({ ctx }) => memberHome(ctx)),

  /** The page was shown: what arrived until now is no longer new on her next visit. */
  seen: memberProcedure.output(answer(homeSeenAnswer)).mutation(async ({ ctx }) => {
    await markHomeSeen(ctx.db, ctx.user.id);
    return { message: "Seen." };
  }),
});
