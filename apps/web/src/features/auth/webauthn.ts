import { errorMessage } from "../../lib/trpc";

/**
 * `@simplewebauthn/browser`, loaded when a passkey is first needed: the Login and Settings screens
 * work without it, so it stays out of the first script.
 */
export const loadWebAuthn = () => import("@simplewebauthn/browser");

/** A prompt that ended because another one (the button, or leaving the page) replaced it: no message. */
export function wasReplaced(err: unknown): boolean {
  return (
    err instanceof Error && (err.name === "AbortError" || ("code" in err && err.code === "ERROR_CEREMONY_ABORTED"))
  );
}

/** What to tell her when a passkey prompt did not end in a passkey (the browser's side or the server's). */
export function passkeyErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error) {
    // The browser says NotAllowedError both when she cancels and when the prompt times out.
    if (err.name === "NotAllowedError") return "The passkey prompt was cancelled or timed out. Please try again.";
    if ("code" in err && err.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
      return "This device already holds one of your passkeys.";
    if (err.name === "SecurityError") return "Passkeys do not work on this address of the club.";
  }
  return errorMessage(err, fallback);
}
