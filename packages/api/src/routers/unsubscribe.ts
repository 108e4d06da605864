import { unsubscribeGetAnswer, unsubscribeSetAnswer, unsubscribeTokenSchema } from "@club/shared";
import { z } from "zod";
import { requireUnsubscribeToken } from "../domain/access";
import { maskedAddressOf, receivesMailKind, setMailKind } from "../domain/account/mail-preferences";
import { answer, publicProcedure, router } from "../trpc";

const tokenInput = z.object({ token: unsubscribeTokenSchema });

/**
 * The unsubscribe page's (`/unsubscribe/:token`): public, the link's token is the authority
 * (`requireUnsubscribeToken`). Opening the page changes nothing (RFC 8058: a GET must not
 * unsubscribe, link scanners open them); its buttons do.
 */
export const unsubscribeRouter = router({
  get: publicProcedure
    .input(tokenInput)
    .output(answer(unsubscribeGetAnswer))
    .query(async ({ ctx, input }) => {
      const { userId, kind } = await requireUnsubscribeToken(ctx, input.token);
      const [receives, address] = await Promise.all([
        receivesMailKind(ctx.db, userId, kind),
        maskedAddressOf(ctx.db, userId),
      ]);
      return { kind, receives, address };
    }),

  /** "Unsubscribe" (receive: false) and "Undo"/"Resubscribe" (receive: true); idempotent. */
  set: publicProcedure
    .input(tokenInput.extend({ receive: z.boolean() }))
    .output(answer(unsubscribeSetAnswer))
    .mutation(async ({ ctx, input }) => {
      const { userId, kind } = await requireUnsubscribeToken(ctx, input.token);
      const receives = await setMailKind(ctx.db, userId, kind, input.receive);
      return { kind, receives, address: await maskedAddressOf(ctx.db, userId) };
    }),
});
