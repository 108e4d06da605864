import { apiTokenScopes, memberTypes } from "../enums";
import { bidiMessage, hasBidiControls } from "../text";
import { z } from "../zod";
import { isCalendarDay } from "./dates";

/** Trimmed, lower-cased e-mail: the one form stored and compared. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Invalid email format."))
  .transform((s) => s.toLowerCase());

export const passwordSchema = z
  .string()
  .min(6, "Password must be 6 to 30 characters.")
  .max(30, "Password must be 6 to 30 characters.");

/**
 * An e-mail address as stored e-mails are compared: trimmed, with A–Z in lower case and nothing
 * else changed; null when lower-casing would change anything outside A–Z. JavaScript's
 * `toLowerCase` folds look-alikes too (the Kelvin sign "\u212A" becomes "k"), so a provider's
 * verified "\u212Aate@…" would otherwise stand for the member "kate@…".
 */
export function emailKey(raw: string): string | null {
  const trimmed = raw.trim();
  const lowered = trimmed.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return lowered.toLowerCase() === lowered ? lowered : null;
}

export const loginInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required.")
    .max(254)
    // An address no stored e-mail can equal is kept as typed: it matches no one.
    .transform((s) => emailKey(s) ?? s),
  password: z.string().min(1, "Password is required.").max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const nameSchema = z
  .string()
  .trim()
  .min(1, "Name is required.")
  .max(100, "Name is too long.")
  .refine((v) => !hasBidiControls(v), bidiMessage("name"));

export const updateUserInput = z.object({
  name: nameSchema,
  /** Only admins may change their own type; for members the server keeps the stored type. */
  type: z.enum(memberTypes).optional(),
  /** Accepted for the spec's payload shape; the admin flag is never changed through this call. */
  admin: z.boolean().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

export const updatePasswordInput = z.object({
  oldPassword: z.string().min(1, "Current password is required.").max(200),
  newPassword: passwordSchema,
});
export type UpdatePasswordInput = z.infer<typeof updatePasswordInput>;

/**
 * Settings → E-mail: the address she wants to use, kept as stored e-mails are compared (`emailKey`:
 * one that lower-casing would change outside A–Z is refused, as it could stand for another's), and
 * her password again.
 */
export const changeEmailInput = z.object({
  newEmail: z
    .string()
    .trim()
    .min(1, "Enter your new e-mail address.")
    .max(254, "Email is too long.")
    .pipe(z.email("Invalid email format."))
    .refine((s) => emailKey(s) !== null, "Please type the address in plain letters (a–z, digits and symbols).")
    .transform((s) => emailKey(s) ?? s),
  password: z.string().min(1, "Enter your password to confirm.").max(200),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

/** The six digits of a confirmation mail, typed where she asked for it ("123 456" too). */
export const confirmationCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, "Type the 6 digits from the e-mail.")
    .transform((s) => s.replace(" ", "")),
});

/** Settings → "Delete my account": her password again (a passkey is the other way, see account.delete). */
export const deleteAccountInput = z.object({
  password: z.string().min(1, "Enter your password to confirm.").max(200),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** A personal API token's name, the same rule in Settings and in `apiTokens.create`. */
export const apiTokenName = z.string().trim().min(1, "Give the token a name.").max(100, "The name is too long.");

/** What a token may do; the same choice in Settings, `apiTokens.create` and `club token create`. */
export const apiTokenScope = z.enum(apiTokenScopes, { error: "The scope must be read, seed or admin." });

/** Settings → API tokens: a name, a scope, and a last day (the `<input type="date">`'s text) or none. */
export const apiTokenForm = z.object({
  name: apiTokenName,
  scope: apiTokenScope,
  expires: z
    .string()
    .refine((v) => v === "" || isCalendarDay(v), "The expiry date must be a real day, like 2027-01-31.")
    // The token lasts to the end of the day chosen, on the member's clock.
    .transform((v) => (v ? new Date(`${v}T23:59:59`) : null))
    .refine((d) => d === null || d.getTime() > Date.now(), "The expiry date must be in the future."),
});
