import { z } from "../zod";

/** A passkey's name, the same rule in Settings → Security and in `passkeys.rename`. */
export const passkeyName = z
  .string()
  .trim()
  .min(1, "Give the passkey a name.")
  .max(60, "The name is too long (60 characters at most).");

/** Settings → Security: renaming one of her passkeys. */
export const passkeyRenameForm = z.object({ name: passkeyName });
export type PasskeyRenameForm = z.infer<typeof passkeyRenameForm>;
