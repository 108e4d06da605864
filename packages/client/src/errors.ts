import { TRPCClientError } from "@trpc/client";
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { AppRouter } from "./router";

/**
 * A refused or failed call: `message` is the server's text (the one its pages show), `data.code`
 * its code (UNAUTHORIZED, FORBIDDEN, BAD_REQUEST, NOT_FOUND, TOO_MANY_REQUESTS…), `data.httpStatus`
 * the HTTP status and, for invalid input, `data.fieldErrors` the message of each field. A call that
 * never reached the server has no `data`, and the network's error as its `cause`.
 */
export type ClubError = TRPCClientError<AppRouter>;

export function isClubError(err: unknown): err is ClubError {
  return err instanceof TRPCClientError;
}

/** The codes of the statuses the REST routes answer with, as tRPC names them. */
const CODE_OF_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  408: "TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

function fieldErrorsOf(body: object): Record<string, string[]> | undefined {
  if (!("fieldErrors" in body) || typeof body.fieldErrors !== "object" || !body.fieldErrors) return undefined;
  return Object.fromEntries(Object.entries(body.fieldErrors).filter((entry) => isStringList(entry[1])));
}

/**
 * A refusal of a REST route (`{ error, message, fieldErrors? }` with its status) as the same
 * ClubError a procedure's refusal is, so one `catch` serves both.
 */
export function restRefusal(status: number, body: unknown): ClubError {
  const text = typeof body === "object" && body && "message" in body ? body.message : undefined;
  const message = typeof text === "string" ? text : `The server answered ${status}.`;
  const code = CODE_OF_STATUS[status] ?? "INTERNAL_SERVER_ERROR";
  const fieldErrors = typeof body === "object" && body ? fieldErrorsOf(body) : undefined;
  return new TRPCClientError<AppRouter>(message, {
    result: {
      error: {
        message,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        data: { code, httpStatus: status, ...(fieldErrors ? { fieldErrors } : {}) },
      },
    },
  });
}

/** A request that got no answer: the address and the network's reason, with the error as its cause. */
export function unreachable(url: string, cause: unknown): ClubError {
  const reason = cause instanceof Error ? (cause.cause instanceof Error && cause.cause.message) || cause.message : "";
  return new TRPCClientError<AppRouter>(`Could not reach ${url}${reason ? `: ${reason}` : ""}.`, {
    ...(cause instanceof Error ? { cause } : {}),
  });
}

/** What `GET /api/version` answers; null for a server older than that route. */
export interface ServerVersion {
  version: string | null;
  apiVersion: string | null;
}

/** A server that speaks another API version than this client: what to install instead. */
export function versionMismatch(origin: string, server: ServerVersion, client: string, api: string): ClubError {
  const theirs = server.version
    ? `version ${server.version}, API ${server.apiVersion}: install @club/client@${server.version}`
    : "a version older than this client's first, with no API version: update the server or use the client it came with";
  return new TRPCClientError<AppRouter>(
    `This @club/client ${client} speaks the club's API ${api}; the server at ${origin} is ${theirs}.`,
  );
}
