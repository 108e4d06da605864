import {
  passkeyName,
  passkeysListAnswer,
  passkeysRegisterAnswer,
  passkeysRegistrationOptionsAnswer,
  passkeysRemoveAnswer,
  passkeysRenameAnswer,
} from "@club/shared";
import { z } from "zod";
import { addPasskey, listPasskeys, registrationOptions, removePasskey, renamePasskey } from "../domain/passkeys/manage";
import { answer, memberProcedure, router } from "../trpc";
import { registrationResponse } from "./webauthn-input";

/**
 * Settings → Security: a member's own passkeys. Managed with a signed-in session only (the access
 * module refuses an API token), and only her own (someone else's is "not found").
 */
export const passkeysRouter = router({
  list: memberProcedure.output(answer(passkeysListAnswer)).query(({ ctx }) => listPasskeys(ctx.db, ctx.user)),

  /** Step one of adding a passkey: the options for the browser's `startRegistration`. */
  registrationOptions: memberProcedure
    .output(answer(passkeysRegistrationOptionsAnswer))
    .mutation(({ ctx }) => registrationOptions(ctx, ctx.user)),

  /** Step two: the browser's answer, checked and kept. */
  register: memberProcedure
    .input(z.object({ response: registrationResponse, name: passkeyName.optional() }))
    .output(answer(passkeysRegisterAnswer))
    .mutation(({ ctx, input }) => addPasskey(ctx, ctx.user, input.response, input.name)),

  rename: memberProcedure
    .input(z.object({ id: z.uuid("Passkey not found."), name: passkeyName }))
    .output(answer(passkeysRenameAnswer))
    .mutation(({ ctx, input }) => renamePasskey(ctx.db, ctx.user, input.id, input.name)),

  remove: memberProcedure
    .input(z.object({ id: z.uuid("Passkey not found.") }))
    .output(answer(passkeysRemoveAnswer))
    .mutation(async ({ ctx, input }) => {
      await removePasskey(ctx, ctx.user, input.id);
      return { ok: true as const };
    }),
});
