import { passwordSchema } from "@club/shared";

/**
 * A new password and its confirmation: they must match (with the screen's own wording from
 * SPEC.md) and be 6 to 30 characters, as the server requires.
 */
export function newPasswordProblem(next: string, confirm: string, mismatch: string): string | undefined {
  if (next !== confirm) return mismatch;
  const length = passwordSchema.safeParse(next);
  return length.success ? undefined : length.error.issues[0]?.message;
}
