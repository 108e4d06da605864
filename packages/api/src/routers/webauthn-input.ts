import { z } from "zod";

/**
 * The browser's WebAuthn answers as `@simplewebauthn/browser` sends them (RegistrationResponseJSON,
 * AuthenticationResponseJSON): base64url fields, bounded; what they say is checked by
 * `@simplewebauthn/server` in the domain.
 */
const base64url = (max: number) =>
  z
    .string()
    .min(1, "The passkey's answer is incomplete.")
    .max(max, "The passkey's answer is too long.")
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "The passkey's answer is not valid.");

const common = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal("public-key", "The passkey's answer is not valid."),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  // Extensions are not asked for: whatever the browser reports (an object of its own shape) is dropped.
  clientExtensionResults: z
    .unknown()
    .optional()
    .transform(() => ({})),
};

export const registrationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});
