import {
  accountCancelEmailChangeAnswer,
  accountConfirmEmailChangeAnswer,
  accountDeleteAnswer,
  accountDeletionPasskeyOptionsAnswer,
  accountDeletionPreviewAnswer,
  accountEmailChangeAnswer,
  accountRequestEmailChangeAnswer,
  changeEmailInput,
  deleteAccountInput,
} from "@club/shared";
import { z } from "zod";
import { deleteAccount, deletionPreview, requireReentry } from "../domain/account/deletion";
import {
  cancelEmailChange,
  confirmEmailChange,
  INVALID_EMAIL_CHANGE,
  pendingEmailChange,
  requestEmailChange,
} from "../domain/account/email-change";
import { auditActor } from "../domain/audit/record";
import { confirmationOptions } from "../domain/passkeys/confirm";
import { answer, memberProcedure, publicProcedure, router } from "../trpc";
import { authenticationResponse } from "./webauthn-input";

/**
 * Settings → E-mail (docs/decisions/README.md, "Changing her e-mail address") and "Delete my account"
 * ("Deleting an account"). No API token reaches these but the mailed link's confirmation.
 */
export const accountRouter = router({
  /** The change of address waiting for its link, or null. */
  emailChange: memberProcedure
    .output(answer(accountEmailChangeAnswer))
    .query(({ ctx }) => pendingEmailChange(ctx.db, ctx.user.id)),

  /** Asks to use another address: her password again; the link goes to the new address. */
  requestEmailChange: memberProcedure
    .input(changeEmailInput)
    .output(answer(accountRequestEmailChangeAnswer))
    .mutation(({ ctx, input }) => requestEmailChange(ctx, input)),

  /** Withdraws the change waiting for its link. */
  cancelEmailChange: memberProcedure
    .output(answer(accountCancelEmailChangeAnswer))
    .mutation(({ ctx }) => cancelEmailChange(ctx)),

  /** The mailed link, in any browser: the address becomes hers and the old one is told. */
  confirmEmailChange: publicProcedure
    .input(z.object({ token: z.string().min(1, INVALID_EMAIL_CHANGE).max(200, INVALID_EMAIL_CHANGE) }))
    .output(answer(accountConfirmEmailChangeAnswer))
    .mutation(({ ctx, input }) => confirmEmailChange(ctx, input.token)),

  /** What deleting her account would do: what becomes of her comments and uploads, and how many. */
  deletionPreview: memberProcedure
    .output(answer(accountDeletionPreviewAnswer))
    .query(({ ctx }) => deletionPreview(ctx, ctx.user.id)),

  /** "Confirm with a passkey instead": options asking for one of her own passkeys. */
  deletionPasskeyOptions: memberProcedure
    .output(answer(accountDeletionPasskeyOptionsAnswer))
    .mutation(({ ctx }) => confirmationOptions(ctx, ctx.user.id)),

  /**
   * Deletes her account once she re-entered her password or answered `deletionPasskeyOptions`;
   * this browser is signed out (its session went with the account).
   */
  delete: memberProcedure
    .input(z.union([deleteAccountInput, z.object({ passkey: authenticationResponse })]))
    .output(answer(accountDeleteAnswer))
    .mutation(async ({ ctx, input }) => {
      await requireReentry(ctx, ctx.user.id, input);
      await deleteAccount(ctx, ctx.user.id, { kind: "self" }, auditActor(ctx));
      ctx.cookies.clearSession();
      return { message: ACCOUNT_DELETED };
    }),
});

export const ACCOUNT_DELETED = "Your account has been deleted.";
