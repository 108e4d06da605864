import { z } from "zod";
import { apiTokenScopes, memberTypes } from "../enums";
import { publicKeyCredentialRequestOptionsJsonSchema } from "./common";

export const sessionUserSchema = z
  .object({ name: z.string(), admin: z.boolean(), type: z.enum(memberTypes), mustChangePassword: z.boolean() })
  .meta({ id: "SessionUser" });

/** auth.status */
export const authStatusAnswer = z.union([
  z.object({ authenticated: z.literal(false), user: z.null() }),
  z.object({
    authenticated: z.literal(true),
    user: z.object({
      id: z.string(),
      name: z.string(),
      admin: z.boolean(),
      type: z.enum(memberTypes),
      mustChangePassword: z.boolean(),
      adminSignInRequired: z.boolean(),
    }),
  }),
]);

/** auth.login */
export const authLoginAnswer = z.object({ user: sessionUserSchema });

/** auth.passkeyOptions */
export const authPasskeyOptionsAnswer = publicKeyCredentialRequestOptionsJsonSchema;

/** auth.passkeySignIn */
export const authPasskeySignInAnswer = z.object({ user: sessionUserSchema });

/** auth.confirmByEmail */
export const authConfirmByEmailAnswer = z.object({ message: z.string(), mailed: z.boolean() });

/** auth.confirmSessionByCode */
export const authConfirmSessionByCodeAnswer = z.object({ confirmedUntil: z.date() });

/** auth.confirmSession */
export const authConfirmSessionAnswer = z.object({ confirmedUntil: z.date() });

/** auth.logout */
export const authLogoutAnswer = z.object({ ok: z.literal(true) });

/** auth.me */
export const authMeAnswer = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  type: z.enum(memberTypes),
  admin: z.boolean(),
  mustChangePassword: z.boolean(),
  apiTokenScope: z.enum(apiTokenScopes).nullable(),
});

/** auth.updateUser */
export const authUpdateUserAnswer = z.object({
  message: z.literal("User details updated successfully"),
  user: z.object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    type: z.enum(memberTypes),
    admin: z.boolean(),
  }),
});

/** auth.updatePassword */
export const authUpdatePasswordAnswer = z.object({ message: z.literal("Password updated successfully") });
