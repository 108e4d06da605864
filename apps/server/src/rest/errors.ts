import {
  fieldErrorsOf,
  firstMessage,
  isUnavailable,
  type Logger,
  RETRY_AFTER_SECONDS,
  Throttled,
  UNAVAILABLE_MESSAGE,
} from "@club/api";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { type Refusal, sendProblem } from "./problem";

export const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

/** When a refused or unavailable request may be tried again (the Retry-After header). */
export function retryAfterOf(err: unknown): number | undefined {
  const cause = err instanceof TRPCError ? err.cause : err;
  if (cause instanceof Throttled) return Math.max(1, Math.ceil(cause.retryAfterMs / 1000));
  if (isUnavailable(err)) return RETRY_AFTER_SECONDS;
  return undefined;
}

/** What a failure tells the client. Internal errors are logged and never described. */
export function describeError(err: unknown, log: Logger): Refusal {
  const retryAfterSeconds = retryAfterOf(err);
  const retry = retryAfterSeconds ? { retryAfterSeconds } : {};
  if (err instanceof TRPCError && err.code !== "INTERNAL_SERVER_ERROR") {
    const zod = err.cause instanceof ZodError ? err.cause : undefined;
    return {
      status: getHTTPStatusCodeFromError(err),
      code: err.code,
      text: zod ? firstMessage(zod) : err.message,
      ...(zod ? { fieldErrors: fieldErrorsOf(zod) } : {}),
      ...retry,
    };
  }
  // A limit reached in a domain function called outside a procedure (the identity provider's start).
  if (err instanceof Throttled) return { status: 429, text: err.message, ...retry };
  if (isUnavailable(err)) {
    log.warn({ err }, "a dependency is unavailable");
    return { status: 503, text: UNAVAILABLE_MESSAGE, ...retry };
  }
  const status = err instanceof Error && "statusCode" in err ? err.statusCode : undefined;
  if (err instanceof Error && typeof status === "number" && status >= 400 && status < 500) {
    // Fastify's own body-limit error says nothing useful to a person; ours (uploads) do.
    const code = "code" in err ? err.code : undefined;
    return { status, text: code === "FST_ERR_CTP_BODY_TOO_LARGE" ? "The request is too large." : err.message };
  }
  log.error({ err: err instanceof TRPCError ? (err.cause ?? err) : err }, "request failed");
  return { status: 500, text: INTERNAL_MESSAGE };
}

/** Every refusal of a JSON REST URL is problem details (./problem.ts). */
export function restErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => sendProblem(request, reply, describeError(err, request.log)));
}
