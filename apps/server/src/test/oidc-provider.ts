import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/** An account at the test provider: its login (also its subject) and what it says of its e-mail. */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser at the provider: opens the authorization URL, signs in on its development
   * log-in screen as `login`, and returns the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, with its development log-in screens) on a port of
 * its own: the club's client does discovery, the code exchange and the ID token's checks against
 * it over HTTP. Consent is given by the provider itself (a first-party client), as a company's
 * provider does for its own applications.
 */
export async function startProvider(
  redirectUri: string,
  accounts: Record<string, ProviderAccount>,
  /** A port of its own (default: any free one). */
  port = 0,
): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "club";
  const clientSecret = "club-test-secret-which-is-long-enough";
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx, sub) {
      const account = accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // The e-mail in the ID token itself, as Google's and Entra's are.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["test-provider-cookie-key"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email");
      grant.addOIDCClaims(["email", "email_verified"]);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on("request", provider.callback());

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const at = pair.indexOf("=");
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 12; step++) {
      if (!url.href.startsWith(issuer)) return url;
      const res = await fetch(url, {
        method: body ? "POST" : "GET",
        headers: { cookie: cookieHeader(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body,
        redirect: "manual",
      });
      keep(res);
      body = undefined;
      const location = res.headers.get("location");
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`provider answered ${res.status} without a form: ${html.slice(0, 500)}`);
      url = new URL(action, url);
      body = html.includes('name="login"')
        ? new URLSearchParams({ prompt: "login", login, password: "anything" })
        : new URLSearchParams({ prompt: "consent" });
    }
    throw new Error("the provider never sent the browser back");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
