import { z } from "zod";
import { deletedMemberContents } from "../enums";
import { publicKeyCredentialRequestOptionsJsonSchema } from "./common";

/** account.emailChange */
export const accountEmailChangeAnswer = z.object({ newEmail: z.string(), expiresAt: z.date() }).nullable();

/** account.requestEmailChange */
export const accountRequestEmailChangeAnswer = z.object({
  message: z.string(),
  pending: z.object({ newEmail: z.string(), expiresAt: z.date() }),
});

/** account.cancelEmailChange */
export const accountCancelEmailChangeAnswer = z.object({ message: z.string() });

/** account.confirmEmailChange */
export const accountConfirmEmailChangeAnswer = z.object({ message: z.string(), email: z.string() });

/** account.deletionPreview */
export const accountDeletionPreviewAnswer = z.object({
  events: z.number(),
  comments: z.number(),
  media: z.number(),
  content: z.enum(deletedMemberContents),
});

/** account.deletionPasskeyOptions */
export const accountDeletionPasskeyOptionsAnswer = publicKeyCredentialRequestOptionsJsonSchema;

/** account.delete */
export const accountDeleteAnswer = z.object({ message: z.string() });
