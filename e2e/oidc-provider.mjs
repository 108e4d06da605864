// A real OpenID Connect provider beside the club's server for the end-to-end specs (oidc-provider,
// with its development log-in screens: any password, the login names the account). Its accounts
// are what specs/oidc.spec.ts signs in as.
import { createServer } from "node:http";
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT);
const issuer = `http://localhost:${port}`;

/** login → what the provider says of its e-mail. */
const accounts = {
  // Connected from Settings by a member whose club e-mail is another one.
  "linked-user": { email: "someone.else@idp.example", email_verified: true },
  // Signs in the first time by its verified e-mail, a member's (the spec creates her).
  "verified-user": { email: "oidc-verified@club.local", email_verified: true },
  // A stranger to the club.
  stranger: { email: "stranger@idp.example", email_verified: true },
  // A demo member's address the provider has not verified.
  "unverified-user": { email: "founding@club.local", email_verified: false },
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID,
      client_secret: process.env.OIDC_CLIENT_SECRET,
      // One callback a club server (the specs run a server per worker).
      redirect_uris: (process.env.OIDC_REDIRECT_URI ?? "").split(","),
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  async findAccount(_ctx, sub) {
    const account = accounts[sub];
    return account ? { accountId: sub, claims: async () => ({ sub, ...account }) } : undefined;
  },
  claims: { openid: ["sub"], email: ["email", "email_verified"] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ["e2e-provider-cookie-key"] },
  ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  // A first-party client: consent is given without asking, as a company's provider does.
  async loadExistingGrant(ctx) {
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
});

// Every address of this machine (IPv4 and IPv6): "localhost" may name either.
createServer(provider.callback()).listen(port, () => {
  console.log(`oidc provider at ${issuer}`);
});
