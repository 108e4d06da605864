import { finishOidc, isUnavailable, OIDC_CALLBACK_PATH, type OidcOutcome, startOidc } from "@club/api";
import { landingOf, nextPath, OIDC_LINKED, type OidcRefusal, oidcRefusalMessages } from "@club/shared";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { type ContextDeps, createContext } from "../plugins/trpc";
import { describeError } from "./errors";

/**
 * Signing in with the club's OpenID Connect provider: the browser's redirects (docs/decisions/README.md,
 * "Signing in with an identity provider"). These are pages a browser is sent to, not an API: they
 * answer with redirects and, when something is wrong, a small page in words (never JSON).
 *
 * `GET /auth/oidc/start` is a GET, and another site may send a browser to it: that only starts a
 * sign-in bound to this browser (its state cookie), which signs her in as whoever she is at the
 * provider, or not at all. Linking an identity to a signed-in member changes her account, so it
 * starts with the `identities.startLink` mutation (a POST with the club's Origin) instead.
 */
export async function oidcRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get(
    "/auth/oidc/start",
    {
      config: {
        openapi: {
          summary: "Sign in with the identity provider (a browser's page)",
          access: "public",
          description:
            "Sends the browser to the OpenID Connect provider (OIDC_ISSUER) to sign in, with PKCE, state and nonce; the state is also set in a cookie for the callback. 404 (a page) when no provider is configured, 503 when it does not answer.",
          query: z.object({ redirect: z.string().max(2000).optional() }),
          answer: { kind: "empty", status: 302, description: "Location: the provider's authorization URL." },
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      try {
        const ctx = await createContext(deps, request, reply);
        const redirect = new URL(request.url, deps.config.appOrigin).searchParams.get("redirect");
        const url = await startOidc(ctx, "sign_in", { redirect });
        return reply.redirect(url.href, 302);
      } catch (err) {
        return failurePage(request, reply, err);
      }
    },
  );

  app.get(
    OIDC_CALLBACK_PATH,
    {
      config: {
        openapi: {
          summary: "Where the identity provider sends the browser back",
          access: "public",
          description:
            "Takes the pending sign-in by its state (once), exchanges the code and verifies the ID token, then signs in the member the identity is linked to (or, the first time, the member with its verified e-mail) or links it (from Settings). Refusals of a real answer go to /login?error=… or /settings/security?oidc=…; a forged, replayed, expired or another browser's callback answers 400 with a page saying why.",
          query: z.object({ code: z.string().optional(), state: z.string().optional(), iss: z.string().optional() }),
          answer: {
            kind: "empty",
            status: 302,
            description:
              "Location: where she was going, else My club (an admin: the Admin Panel), or the screen saying why not.",
          },
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      try {
        const ctx = await createContext(deps, request, reply);
        const outcome = await finishOidc(ctx, new URL(request.url, deps.config.appOrigin));
        return answer(request, reply, outcome);
      } catch (err) {
        return failurePage(request, reply, err);
      }
    },
  );
}

function answer(request: FastifyRequest, reply: FastifyReply, outcome: OidcOutcome) {
  if (outcome.ok) {
    if (outcome.intent === "link") return reply.redirect(`/settings/security?oidc=${OIDC_LINKED}`, 302);
    // The one rule again on what is finally sent, whatever was kept at the start.
    return reply.redirect(nextPath(outcome.redirect, landingOf(outcome)), 302);
  }
  const back = screenFor(outcome.intent, outcome.refusal);
  if (outcome.forged) {
    // A callback that cannot be trusted (forged, replayed, expired, another browser's) is refused
    // with 400 and its reason in words, a link taking her back to try again.
    request.log.info({ refusal: outcome.refusal, err: outcome.cause }, "identity provider callback refused");
    return page(reply, 400, "Sign-in refused", oidcRefusalMessages[outcome.refusal], back);
  }
  // A real answer from the provider that the club says no to (not a member, an unverified e-mail,
  // cancelled): the screen she came from says why.
  return reply.redirect(back.href, 302);
}

/** Where she goes to try again, with the refusal for that screen to show. */
function screenFor(intent: "sign_in" | "link", refusal: OidcRefusal) {
  return intent === "link"
    ? { href: `/settings/security?oidc=${refusal}`, label: "Back to Settings" }
    : { href: `/login?error=${refusal}`, label: "Back to the Login screen" };
}

/** A provider that is down is 503 with words; no provider configured, 404; never a bare 500 page. */
function failurePage(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  const back = screenFor("sign_in", "unavailable");
  if (err instanceof TRPCError && err.code !== "INTERNAL_SERVER_ERROR") {
    const status = getHTTPStatusCodeFromError(err);
    if (status === 503) {
      request.log.warn({ err: err.cause ?? err }, "identity provider unavailable");
      reply.header("Retry-After", "5");
    }
    return page(reply, status, status === 503 ? "Try again in a moment" : "Sign-in refused", err.message, back);
  }
  const { status, text, retryAfterSeconds } = describeError(err, request.log);
  if (retryAfterSeconds) reply.header("Retry-After", String(retryAfterSeconds));
  return page(reply, status, isUnavailable(err) ? "Try again in a moment" : "Something went wrong", text, back);
}

function page(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  back: { href: string; label: string },
) {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Club</title>
<style>
body{font-family:system-ui,sans-serif;background:#faf7f2;color:#2b2230;margin:0;display:grid;place-items:center;min-height:100vh}
main{max-width:30rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e6dfd6;border-radius:1rem}
h1{margin:0 0 .75rem;font-size:1.5rem;color:#5b2a6e}
p{line-height:1.5}
a{color:#5b2a6e;font-weight:600}
</style>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>
</main>
</body>
</html>
`;
  return reply.code(status).type("text/html; charset=utf-8").send(html);
}

const noStore = (reply: FastifyReply) => reply.header("Cache-Control", "no-store");

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
