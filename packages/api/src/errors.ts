import { TRPCError } from "@trpc/server";

/** The refusals of the access module (packages/api/src/domain/access), shown as they are. */
export const PLEASE_LOG_IN = "Please log in to continue.";
export const MUST_CHANGE_PASSWORD = "Please choose a new password in Settings before continuing.";
export const ADMINS_ONLY = "You do not have the necessary permission to view this content";
export { EVENT_NOT_FOUND } from "@club/shared";
export const MEDIA_NOT_FOUND = "Media not found.";
export const COMMENT_NOT_FOUND = "Comment not found.";
export const NOTHING_TO_COMMENT_ON = "There is no event or media item to comment on.";
export const NO_TOKENS_BY_TOKEN =
  "API tokens cannot be created, listed or revoked with an API token. Sign in to the club and use Settings → API tokens, or run `club token` on the server.";
export const IDENTITY_NOT_FOUND = "No such linked identity.";
export const LAST_WAY_IN =
  "This is your only way to sign in: set a password or add a passkey or another identity before removing it.";
export const NO_IDENTITIES_BY_TOKEN =
  "Identities cannot be connected or removed with an API token. Sign in to the club and use Settings.";
export const NO_SESSIONS_BY_TOKEN =
  "Sessions cannot be listed or ended with an API token. Sign in to the club and use Settings → Security.";
export const SESSION_NOT_FOUND = "That session was not found: it may have ended already.";
export const ADMIN_SIGN_IN_REQUIRED =
  "Administrators must sign in with a passkey or the club's identity provider to use the admin tools. Sign out, then sign in again with one of them.";
export const ADMIN_TOKEN_SIGN_IN_REQUIRED =
  "This API token was made in a session signed in with a password, and administrators must now sign in with a passkey or the club's identity provider. Sign in that way and make a new token.";
export const ADMIN_SIGN_IN_WOULD_LOCK_OUT =
  "You are signed in with a password: requiring a passkey or the identity provider would lock you out of the admin tools. Sign in with a passkey or the identity provider first, then turn this on.";
export const NO_PASSKEYS_BY_TOKEN =
  "Passkeys cannot be added, listed, renamed or removed with an API token. Sign in to the club and use Settings → Security.";
export const NO_ACCOUNT_CHANGES_BY_TOKEN =
  "An account's e-mail address cannot be changed, nor the account deleted, with an API token. Sign in to the club and use Settings.";
export const PASSKEY_NOT_FOUND = "Passkey not found.";
export const CONFIRM_BY_EMAIL_FIRST =
  "You signed in with a password: to add a passkey or connect an account, first confirm it is you with the link we can send to your e-mail address.";
export const NO_CONFIRMATION_BY_TOKEN =
  "Sessions cannot be confirmed with an API token. Sign in to the club and use Settings → Security.";
export const NO_DATA_EXPORT_BY_TOKEN =
  "A copy of your data cannot be asked for or downloaded with an API token. Sign in to the club and use Settings → Your data.";
export const DATA_EXPORT_NOT_FOUND = "This copy of your data was not found.";
export const DATA_EXPORT_EXPIRED =
  "This download link has expired (links work for 24 hours). Ask for a new copy in Settings → Your data.";
export const DATA_EXPORT_PENDING = "We are still preparing a copy of your data; we will e-mail you when it is ready.";
export const FEED_NOT_FOUND = "This calendar link is no longer valid. Make a new one in Settings.";
export const UNSUBSCRIBE_LINK_INVALID =
  "This unsubscribe link is not valid. Choose which e-mails you receive in Settings.";

/** Refusals a person can act on; the message is shown as is. */
export const badRequest = (message: string) => new TRPCError({ code: "BAD_REQUEST", message });
export const notFound = (message: string) => new TRPCError({ code: "NOT_FOUND", message });
export const conflict = (message: string) => new TRPCError({ code: "CONFLICT", message });
export const forbidden = (message: string) => new TRPCError({ code: "FORBIDDEN", message });
/**
 * Gone for good (410): a download link past its time. tRPC has no such code, so this is thrown only
 * outside procedures (the REST download route), where the error handler answers its status.
 */
export const gone = (message: string) => Object.assign(new Error(message), { statusCode: 410 });
/** Allowed once something else is done first (confirming a password session by e-mail): 412. */
export const preconditionFailed = (message: string) => new TRPCError({ code: "PRECONDITION_FAILED", message });

export const UNAVAILABLE_MESSAGE =
  "The club is briefly unavailable (a service it depends on is not answering). Please try again in a moment.";
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** A new live stream past the server's limit (LIVE_STREAMS_PER_SERVER), answered with `unavailable`. */
export const LIVE_STREAMS_FULL =
  "This server has as many live updates open as it can hold right now. The page still works: reload it to see new notifications and comments. Live updates come back by themselves when you return to the page in a minute or two.";

/** A service the club depends on is down (503); the message says which when it is not the club's own. */
export const unavailable = (cause: unknown, message = UNAVAILABLE_MESSAGE) =>
  new TRPCError({ code: "SERVICE_UNAVAILABLE", message, cause });

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
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 8; depth++) {
    if (e instanceof TRPCError && e.code === "SERVICE_UNAVAILABLE") return true;
    const code = "code" in e ? e.code : undefined;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQL_STATES.test(code))) return true;
    e = "cause" in e ? e.cause : undefined;
  }
  return false;
}
