import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendProblem } from "../rest/problem";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "../rest/unsubscribe";
import { bearerToken } from "./session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie sessions: a state-changing request must carry the app's own
 * Origin. Browsers always send Origin on cross-site and same-site POSTs, so a form posted
 * from another site is refused; a request without Origin is refused too (scripts send it, or
 * use an API token).
 */
export const originCheck = fp<{ appOrigin: string }>(async (app: FastifyInstance, { appOrigin }) => {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.origin === appOrigin) return;
    // RFC 8058's one-click unsubscribe is posted by mail providers from their servers, with no
    // Origin and no cookie. It rides on no ambient credential (the token in its path is its only
    // authority, and it only ever turns one kind of mail off), so a forged cross-site post can do
    // nothing the link's holder could not. Only this route and method pass; nothing else does.
    if (request.method === "POST" && request.routeOptions.url === ONE_CLICK_UNSUBSCRIBE_PATH) return;
    // Bearer requests carry no ambient credential a foreign site could ride on; the session
    // plugin then ignores cookies for them.
    if (bearerToken(request) !== undefined) return;
    return sendProblem(request, reply, {
      status: 403,
      text: "This request did not come from the club's own site and was refused.",
    });
  });
});
