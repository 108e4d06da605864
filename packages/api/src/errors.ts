import { TRPCError } from "@trpc/server";

/** Refusals a person can act on; the message is shown as is. */
export const badRequest = (message: string) => new TRPCError({ code: "BAD_REQUEST", message });
export const notFound = (message: string) => new TRPCError({ code: "NOT_FOUND", message });
export const conflict = (message: string) => new TRPCError({ code: "CONFLICT", message });
export const forbidden = (message: string) => new TRPCError({ code: "FORBIDDEN", message });

export const UNAVAILABLE_MESSAGE =
  "The club is briefly unavailable (a service it depends on is not answering). Please try again in a moment.";
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

export const unavailable = (cause: unknown) =>
  new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE, cause });

// Network failures (database, object store), postgres.js's own connection errors, and the
// Postgres states that mean "not now" rather than "wrong": connection exceptions (08…),
// shutting down or starting up (57P01–57P03), too many connections (53300).
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
const SQL_STATES = /^(08...|57P0[123]|53300)$/;

/** Whether a failure (or anything it was caused by) is a dependency that is down, not a bug. */
export function isUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    if (e instanceof TRPCError && e.code === "SERVICE_UNAVAILABLE") return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQL_STATES.test(code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
