import { z } from "zod";
import { memberTypes } from "../enums";

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

export const loginInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required.")
    .max(254)
    .transform((s) => s.toLowerCase()),
  password: z.string().min(1, "Password is required.").max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const nameSchema = z.string().trim().min(1, "Name is required.").max(100, "Name is too long.");

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
