import { type ApiContext, type SessionCookies, withholdAdminRight } from "@club/api";
import {
  apiTokenRefusal,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  type SessionCache,
  sessionCookieOptions,
  validateApiToken,
  validateSessionToken,
} from "@club/auth";
import type { Db } from "@club/db";
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

type Auth = Pick<ApiContext, "session" | "user" | "apiToken" | "adminWithheld" | "tokenRefused">;

declare module "fastify" {
  interface FastifyRequest {
    /** The request's session, read from the cookie once and only when asked for. */
    auth(): Promise<Auth>;
  }
}

/** The cookie binding a sign-in at the identity provider to the browser that started it. */
export const OIDC_STATE_COOKIE = "club_oidc_state";
const OIDC_PATH = "/auth/oidc";

/** The token of an `Authorization: Bearer …` header, if the request has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
}

export function sessionCookies(reply: FastifyReply, appOrigin: string): SessionCookies {
  return {
    setSession(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(appOrigin, expiresAt));
    },
    clearSession() {
      reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(appOrigin, new Date(0)) });
    },
    device: () => reply.request.cookies[DEVICE_COOKIE],
    // Signing out keeps it: the browser stays a device she signed in from.
    setDevice(value, expiresAt) {
      reply.setCookie(DEVICE_COOKIE, value, sessionCookieOptions(appOrigin, expiresAt));
    },
    // Sent only to the callback (its path), and on the provider's redirect back: SameSite=Lax lets a
    // top-level GET from another site carry it, which is how the browser comes back.
    setOidcState(state, expiresAt) {
      reply.setCookie(OIDC_STATE_COOKIE, state, { ...sessionCookieOptions(appOrigin, expiresAt), path: OIDC_PATH });
    },
    oidcState: () => reply.request.cookies[OIDC_STATE_COOKIE],
    clearOidcState() {
      reply.clearCookie(OIDC_STATE_COOKIE, { ...sessionCookieOptions(appOrigin, new Date(0)), path: OIDC_PATH });
    },
  };
}

export interface SessionPluginOptions {
  db: Db;
  appOrigin: string;
  /**
   * Sessions kept a few seconds (absent: read each time), forgotten when the database tells of a
   * change to them; a request that changed something waits for the word (see catchUp).
   */
  sessions?: SessionCache | undefined;
}

const NOBODY: Auth = { session: null, user: null, apiToken: null, adminWithheld: false, tokenRefused: null };

export const sessionPlugin = fp<SessionPluginOptions>(async (app: FastifyInstance, { db, appOrigin, sessions }) => {
  await app.register(cookie);
  app.decorateRequest("auth", async () => NOBODY);
  app.addHook("onRequest", async (request, reply) => {
    let pending: Promise<Auth> | undefined;
    request.auth = () => {
      // The admins' sign-in rule applies wherever the caller is used (access/admin-sign-in.ts).
      pending ??= load(request, reply).then((auth) => withholdAdminRight(db, auth));
      return pending;
    };
  });

  async function load(request: FastifyRequest, reply: FastifyReply): Promise<Omit<Auth, "adminWithheld">> {
    // A script's API token, when present, is the only credential considered.
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      const valid = await validateApiToken(db, bearer);
      if (!valid) return { session: null, user: null, apiToken: null, tokenRefused: await apiTokenRefusal(db, bearer) };
      // A token is as strong as the sign-in of the session that made it (the admins' sign-in rule).
      const session = {
        id: `api-token:${valid.tokenId}`,
        userId: valid.user.id,
        expiresAt: new Date(8.64e15),
        method: valid.createdWith,
      };
      // The token's scope goes with the request: the access module keeps every call within it.
      return { session, user: valid.user, apiToken: { id: valid.tokenId, scope: valid.scope }, tokenRefused: null };
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return { session: null, user: null, apiToken: null, tokenRefused: null };
    // Where she is seen from: Settings → Security shows it (written at most every few minutes).
    const valid = await validateSessionToken(db, token, sessions, {
      ip: request.ip,
      userAgent: request.headers["user-agent"],
    });
    if (!valid) {
      sessionCookies(reply, appOrigin).clearSession();
      return { session: null, user: null, apiToken: null, tokenRefused: null };
    }
    // Sliding expiry: the cookie follows the session's new expiry.
    if (valid.renewed) sessionCookies(reply, appOrigin).setSession(token, valid.session.expiresAt);
    return { session: valid.session, user: valid.user, apiToken: null, tokenRefused: null };
  }
});
