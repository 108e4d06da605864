import { memberTypes } from "../enums";
import { messages } from "../messages";
import { z } from "../zod";
import { emailSchema, nameSchema, passwordSchema } from "./auth";

/**
 * What the web's forms check before they send, built from the same schemas the server checks
 * with, plus what only a form has (a confirmation field) with each screen's own wording (SPEC.md
 * section 5). The web has no validators of its own.
 */

const newPassword = { newPassword: passwordSchema, confirm: z.string() };
/** The confirmation must repeat the new password; `mismatch` is the screen's own message. */
const matching = (
  mismatch: string,
): [(v: { newPassword: string; confirm: string }) => boolean, { path: string[]; message: string }] => [
  (v) => v.newPassword === v.confirm,
  { path: ["confirm"], message: mismatch },
];

export const resetPasswordForm = z.object(newPassword).refine(...matching("Passwords do not match."));

export const passwordChangeForm = z
  .object({ oldPassword: z.string().min(1, "Current password is required.").max(200), ...newPassword })
  .refine(...matching(messages.newPasswordsMismatch));

export const registrationForm = z
  .object({ name: nameSchema, type: z.enum(memberTypes, "Account type is required."), ...newPassword })
  .refine(...matching("Passwords do not match."));

export const forgotPasswordForm = z.object({ email: emailSchema });
