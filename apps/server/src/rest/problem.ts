import { STATUS_CODES } from "node:http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route refuses in plain text, as the specification has its text answers (not problem details). */
    plainTextErrors?: boolean;
  }
}

/** The media type of every refusal of a JSON REST URL (RFC 9457, "Problem Details for HTTP APIs"). */
export const PROBLEM_TYPE = "application/problem+json";

/**
 * tRPC's code for an HTTP status, for refusals made outside a procedure (a URL that does not
 * exist, a foreign origin, a body too large): the same words a procedure's refusal carries.
 */
const CODE_OF_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  408: "TIMEOUT",
  409: "CONFLICT",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  499: "CLIENT_CLOSED_REQUEST",
  500: "INTERNAL_SERVER_ERROR",
  501: "NOT_IMPLEMENTED",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
};

export function codeOfStatus(status: number): TRPC_ERROR_CODE_KEY {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
}

export interface Refusal {
  status: number;
  /** The text a person can act on. */
  text: string;
  /** tRPC's code; by default the status's. */
  code?: TRPC_ERROR_CODE_KEY;
  fieldErrors?: Record<string, string[]>;
  /** For 429 and 503: when to try again (also the Retry-After header). */
  retryAfterSeconds?: number;
}

/**
 * A refusal as problem details: RFC 9457's members (`type` "about:blank", so `title` is the
 * status's phrase; `status`; `detail`, the text), the tRPC `code` and the `requestId` the logs and
 * the X-Request-Id header carry, and `error` and `message` with the same text as `detail` (the
 * spec's client reads those).
 */
export function problemOf(request: FastifyRequest, refusal: Refusal) {
  const { status, text, fieldErrors, retryAfterSeconds } = refusal;
  return {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail: text,
    code: refusal.code ?? codeOfStatus(status),
    requestId: request.id,
    error: text,
    message: text,
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  };
}

/**
 * The one way a REST URL refuses, with Retry-After when it applies: problem details, or the words
 * alone on a route of plain-text answers (`plainTextErrors`), whatever failed (its procedure, or
 * Fastify reading its body).
 */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, refusal: Refusal): FastifyReply {
  if (refusal.retryAfterSeconds) reply.header("Retry-After", String(refusal.retryAfterSeconds));
  reply.code(refusal.status);
  if (request.routeOptions.config?.plainTextErrors) return reply.type("text/plain; charset=utf-8").send(refusal.text);
  return reply.type(PROBLEM_TYPE).send(problemOf(request, refusal));
}

/** A URL (or a method on it) the server does not answer, or one it hides from this caller. */
export function noSuchEndpoint(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(request, reply, {
    status: 404,
    text: `No such endpoint: ${request.method} ${request.url.split("?")[0]}`,
  });
}
