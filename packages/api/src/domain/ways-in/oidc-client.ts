// The club as an OpenID Connect client (openid-client): discovery, the authorization URL, and the
// code exchange with its checks. What the answer means for the club is identities.ts's.

import { oidcRefusalMessages } from "@club/shared";
import * as client from "openid-client";
import type { OidcSettings } from "../../env";
import { isUnavailable, unavailable } from "../../errors";

/** How long the club waits for the provider's answer (seconds) before calling it down. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Discovered configurations, one per provider and client, kept for the process: the provider's
 * metadata and keys do not change between sign-ins (openid-client fetches new keys itself when an
 * ID token names one it does not know). A failed discovery is forgotten, so the next sign-in tries
 * again: a provider that was down when the server started does not need a restart.
 */
const discovered = new Map<string, Promise<client.Configuration>>();

export async function oidcConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    pending = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      { client_secret: settings.clientSecret },
      // The issue's choice (and most providers' default): the secret in the Authorization header.
      client.ClientSecretBasic(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // env.ts allows http only for a provider on this machine (the tests').
        execute: settings.issuer.startsWith("http:") ? [client.allowInsecureRequests] : [],
      },
    );
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  try {
    return await pending;
  } catch (err) {
    // Whatever the reason (down, slow, a broken discovery document), the member can do nothing
    // about it but try again later: 503 with words, and the cause in the log.
    throw providerUnavailable(err);
  }
}

export const providerUnavailable = (cause: unknown) => unavailable(cause, oidcRefusalMessages.unavailable);

/** What a pending sign-in keeps until the provider sends the browser back. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newChecks(): OidcChecks {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

/** Where the browser goes to sign in at the provider: code flow, PKCE (S256), state and nonce. */
export async function authorizationUrl(
  config: client.Configuration,
  redirectUri: string,
  checks: OidcChecks,
): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email",
    response_type: "code",
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
  });
}

/** The identity the provider vouches for. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** How the exchange failed: the answer was not to be trusted, the provider refused, or it is down. */
export type ExchangeFailure = "code" | "denied";

/**
 * Exchanges the callback's code at the token endpoint (with the PKCE verifier) and verifies the ID
 * token (signature, issuer, audience, expiry, nonce); the state was checked before (it found the
 * pending sign-in) and is checked again here. The e-mail is read from the ID token, or from the
 * userinfo endpoint when the provider keeps it there (as some do for the `email` scope).
 */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  checks: OidcChecks,
): Promise<{ ok: true; identity: OidcIdentity } | { ok: false; failure: ExchangeFailure; cause: unknown }> {
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return { ok: false, failure: "code", cause: new Error("no ID token") };
    let email = typeof claims.email === "string" ? claims.email : null;
    let verified = claims.email_verified;
    if (email === null && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === "string" ? info.email : null;
      verified = info.email_verified;
    }
    // Only a provider's explicit `true` counts: a missing claim vouches for nothing.
    return { ok: true, identity: { subject: claims.sub, email, emailVerified: verified === true } };
  } catch (err) {
    if (isUnavailable(err) || isTimeout(err)) throw providerUnavailable(err);
    // The provider sent the browser back with an error (she cancelled, or it refused her).
    if (err instanceof client.AuthorizationResponseError) return { ok: false, failure: "denied", cause: err };
    // A 5xx from the token endpoint is the provider's trouble, not a forged callback.
    if (err instanceof client.ResponseBodyError && err.status >= 500) throw providerUnavailable(err);
    // Anything else is an answer that does not hold: a code the provider does not know (forged or
    // used), an ID token that fails its checks, a nonce or state that does not match.
    return { ok: false, failure: "code", cause: err };
  }
}

function isTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 8; depth++) {
    if ("name" in e && (e.name === "TimeoutError" || e.name === "AbortError")) return true;
    e = "cause" in e ? e.cause : undefined;
  }
  return false;
}
