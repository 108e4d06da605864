/**
 * Signing in with the club's OpenID Connect provider: why a sign-in or a link through it was
 * refused, by the code the server puts in the page's address (`/login?error=…`,
 * `/settings/security?oidc=…`), and the words each screen shows for it.
 */
export const oidcRefusals = [
  "not_member",
  "unverified",
  "expired",
  "state",
  "code",
  "denied",
  "unavailable",
  "not_configured",
  "session_changed",
  "linked_elsewhere",
  "unlinked",
] as const;
export type OidcRefusal = (typeof oidcRefusals)[number];

export const oidcRefusalMessages: Record<OidcRefusal, string> = {
  not_member:
    "This identity does not belong to a member of the club. The club is by invitation only: apply with an invitation code, or sign in with your password and connect this identity in Settings.",
  unverified:
    "Your identity provider has not verified this e-mail address, so it cannot sign you in to the club. Verify the address with the provider, or sign in with your password.",
  expired: "This sign-in has expired or was already used. Please try again.",
  state: "This sign-in was not started in this browser, so it was refused. Please try again from the Login screen.",
  code: "The identity provider's answer could not be verified, so the sign-in was refused. Please try again.",
  denied: "The identity provider did not sign you in (it was cancelled or refused). Please try again.",
  unavailable: "The identity provider is not answering. Please try again in a moment, or sign in with your password.",
  not_configured: "Signing in with an identity provider is not set up for this club.",
  session_changed:
    "The account was not connected: you are no longer signed in as the member who started connecting it. Please try again.",
  linked_elsewhere: "This identity is already connected to another member's account, so it was not connected to yours.",
  unlinked:
    "This identity was unlinked from its club account, so it no longer signs in. Sign in with your password or a passkey; to use it again, connect it in Settings → Security.",
};

export const isOidcRefusal = (value: unknown): value is OidcRefusal =>
  typeof value === "string" && (oidcRefusals as readonly string[]).includes(value);

/** What the Settings page says after coming back from connecting an identity (`/settings/security?oidc=linked`). */
export const OIDC_LINKED = "linked";
