import { deleteAccountInput } from "@club/shared";
import { z } from "zod";
import { deleteAccount, requireReentry } from "../domain/account-deletion";
import { auditActor } from "../domain/audit";
import { confirmationOptions } from "../domain/passkeys/confirm";
import { memberProcedure, router } from "../trpc";
import { authenticationResponse } from "./webauthn-input";

/** Settings → "Delete my account" (docs/decisions.md, "Deleting an account"). No API token reaches these. */
export const accountRouter = router({
  /** "Confirm with a passkey instead": options asking for one of her own passkeys. */
  deletionPasskeyOptions: memberProcedure.mutation(({ ctx }) => confirmationOptions(ctx, ctx.user.id)),

  /**
   * Deletes her account once she re-entered her password or answered `deletionPasskeyOptions`;
   * this browser is signed out (its session went with the account).
   */
  delete: memberProcedure
    .input(z.union([deleteAccountInput, z.object({ passkey: authenticationResponse })]))
    .mutation(async ({ ctx, input }) => {
      await requireReentry(ctx, ctx.user.id, input);
      await deleteAccount(ctx, ctx.user.id, { kind: "self" }, auditActor(ctx));
      ctx.cookies.clearSession();
      return { message: ACCOUNT_DELETED };
    }),
});

export const ACCOUNT_DELETED = "Your account has been deleted.";
