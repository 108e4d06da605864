import {
  identitiesListAnswer,
  identitiesProviderAnswer,
  identitiesStartLinkAnswer,
  identitiesUnlinkAnswer,
} from "@club/shared";
import { z } from "zod";
import { listIdentities, oidcProvider, startOidc, unlinkIdentity } from "../domain/ways-in/identities";
import { IDENTITY_NOT_FOUND } from "../errors";
import { answer, memberProcedure, publicProcedure, router } from "../trpc";

/**
 * Identities at the club's OpenID Connect provider linked to members (Settings), and whether there
 * is a provider at all (the Login screen's button). Signing in through it is an HTTP redirect flow
 * (apps/server/src/rest/oidc.ts), not a procedure.
 */
export const identitiesRouter = router({
  /** The provider's name for "Sign in with {label}"; null when none is configured (no button). */
  provider: publicProcedure.output(answer(identitiesProviderAnswer)).query(({ ctx }) => oidcProvider(ctx)),

  list: memberProcedure.output(answer(identitiesListAnswer)).query(({ ctx }) => listIdentities(ctx.db, ctx.user.id)),

  /**
   * Starts connecting an identity to her account: the URL to send the browser to. A mutation (so a
   * POST with the club's Origin): another site cannot start a link in her browser.
   */
  startLink: memberProcedure.output(answer(identitiesStartLinkAnswer)).mutation(async ({ ctx }) => {
    const url = await startOidc(ctx, "link", { userId: ctx.user.id });
    return { url: url.href };
  }),

  unlink: memberProcedure
    .input(z.object({ id: z.uuid(IDENTITY_NOT_FOUND) }))
    .output(answer(identitiesUnlinkAnswer))
    .mutation(async ({ ctx, input }) => {
      await unlinkIdentity(ctx, input.id);
      return { ok: true as const };
    }),
});
