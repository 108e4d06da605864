import { z } from "zod";
import {
  authenticationExtensionsClientInputsSchema,
  publicKeyCredentialDescriptorJsonSchema,
  publicKeyCredentialHintSchema,
} from "./common";

export const publicKeyCredentialRpEntitySchema = z
  .object({ id: z.string().optional(), name: z.string() })
  .meta({ id: "PublicKeyCredentialRpEntity" });

export const publicKeyCredentialUserEntityJsonSchema = z
  .object({ id: z.string(), name: z.string(), displayName: z.string() })
  .meta({ id: "PublicKeyCredentialUserEntityJson" });

export const publicKeyCredentialParametersSchema = z
  .object({ alg: z.number(), type: z.literal("public-key") })
  .meta({ id: "PublicKeyCredentialParameters" });

export const authenticatorSelectionCriteriaSchema = z
  .object({
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    requireResidentKey: z.boolean().optional(),
    residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
    userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
  })
  .meta({ id: "AuthenticatorSelectionCriteria" });

export const attestationFormatSchema = z
  .enum(["none", "fido-u2f", "packed", "android-safetynet", "android-key", "tpm", "apple"])
  .meta({ id: "AttestationFormat" });

export const publicKeyCredentialCreationOptionsJsonSchema = z
  .object({
    rp: publicKeyCredentialRpEntitySchema,
    user: publicKeyCredentialUserEntityJsonSchema,
    challenge: z.string(),
    pubKeyCredParams: z.array(publicKeyCredentialParametersSchema),
    timeout: z.number().optional(),
    excludeCredentials: z.array(publicKeyCredentialDescriptorJsonSchema).optional(),
    authenticatorSelection: authenticatorSelectionCriteriaSchema.optional(),
    hints: z.array(publicKeyCredentialHintSchema).optional(),
    attestation: z.enum(["none", "direct", "enterprise", "indirect"]).optional(),
    attestationFormats: z.array(attestationFormatSchema).optional(),
    extensions: authenticationExtensionsClientInputsSchema.optional(),
  })
  .meta({ id: "PublicKeyCredentialCreationOptionsJson" });

/** passkeys.list */
export const passkeysListAnswer = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    createdAt: z.date(),
    lastUsedAt: z.date().nullable(),
    backedUp: z.boolean(),
  }),
);

/** passkeys.registrationOptions */
export const passkeysRegistrationOptionsAnswer = publicKeyCredentialCreationOptionsJsonSchema;

/** passkeys.register */
export const passkeysRegisterAnswer = z.object({ id: z.string(), name: z.string(), createdAt: z.date() });

/** passkeys.rename */
export const passkeysRenameAnswer = z.object({ id: z.string(), name: z.string() });

/** passkeys.remove */
export const passkeysRemoveAnswer = z.object({ ok: z.literal(true) });
