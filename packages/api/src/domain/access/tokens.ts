// Personal API tokens: what each scope may call, and that no token gives rights or manages tokens.
import type { TokenGrant } from "../../context";
import {
  forbidden,
  NO_ACCOUNT_CHANGES_BY_TOKEN,
  NO_CONFIRMATION_BY_TOKEN,
  NO_DATA_EXPORT_BY_TOKEN,
  NO_IDENTITIES_BY_TOKEN,
  NO_PASSKEYS_BY_TOKEN,
  NO_SESSIONS_BY_TOKEN,
  NO_TOKENS_BY_TOKEN,
} from "../../errors";

/**
 * What a `seed` token may change besides reading: exactly the calls of `club seed --url`
 * (packages/cli/src/seed) — creating members, invitation codes, events, their participants,
 * comments and media, changing a member's name (`seed --update`), events, comments and media,
 * listing homes with their open windows and asking for (and accepting) stays, and the upload routes. No deleting, no mail, no passwords, and no rights: `requireTokenMayGrantRights`
 * keeps an administrator's right and a member's type to tokens of the `admin` scope.
 */
export const SEED_WRITES: ReadonlySet<string> = new Set([
  "users.create",
  "users.update",
  "invitationCodes.create",
  "events.create",
  "events.update",
  "events.addParticipants",
  "comments.create",
  "comments.update",
  "media.update",
  "images.update",
  "homes.create",
  "homes.setWindows",
  "stays.request",
  "stays.accept",
  "uploads.media",
  "uploads.image",
  "uploads.resumable",
]);

/**
 * The procedures (by their path's first part) no token may call, whatever its scope: managing
 * tokens; managing passkeys (a leaked token must not add a way into the account that outlives it);
 * a member's sessions (a script has no business signing her browsers out, nor reading where
 * she signs in from); and copies of her data (everything the club holds of her, in one file).
 */
const NOT_BY_TOKEN: Readonly<Record<string, string>> = {
  // Her address and her account: a leaked token must not move her account to another mailbox
  // (then reset her password there) nor erase her.
  account: NO_ACCOUNT_CHANGES_BY_TOKEN,
  apiTokens: NO_TOKENS_BY_TOKEN,
  dataExport: NO_DATA_EXPORT_BY_TOKEN,
  passkeys: NO_PASSKEYS_BY_TOKEN,
  sessions: NO_SESSIONS_BY_TOKEN,
};

/** Changes to how she signs in, which no token may make whatever its scope (reading them is a query). */
const SIGN_IN_CHANGES: ReadonlySet<string> = new Set(["identities.startLink", "identities.unlink"]);

/**
 * Confirming a password session by e-mail (what lets it add a way in): a browser's act on its own
 * session; a token has no session to confirm.
 */
const SESSION_CONFIRMATION: ReadonlySet<string> = new Set([
  "auth.confirmByEmail",
  "auth.confirmSession",
  "auth.confirmSessionByCode",
]);

/**
 * A call made with an API token stays within the token's scope. `path` names a procedure, or an
 * upload route by the name SEED_WRITES gives it; `kind` is what the call does (GET routes,
 * queries and live streams read). Browser sessions, the command line and visitors carry no token: nothing to check.
 */
export function requireTokenScope(
  ctx: { apiToken: TokenGrant | null },
  path: string,
  kind: "query" | "mutation" | "subscription",
): void {
  const token = ctx.apiToken;
  if (!token) return;
  const never = NOT_BY_TOKEN[path.split(".")[0] ?? ""];
  if (never) throw forbidden(never);
  if (SIGN_IN_CHANGES.has(path)) throw forbidden(NO_IDENTITIES_BY_TOKEN);
  if (SESSION_CONFIRMATION.has(path)) throw forbidden(NO_CONFIRMATION_BY_TOKEN);
  // A live stream only reads (what changed is read again through the same rules as a query).
  if (kind === "query" || kind === "subscription" || token.scope === "admin") return;
  if (token.scope === "seed" && SEED_WRITES.has(path)) return;
  throw forbidden(
    token.scope === "read"
      ? `This API token may only read (scope "read"), and ${path} changes data. Use a token with the "seed" or "admin" scope.`
      : `This API token may only read and add what seeding adds (scope "seed"); ${path} is not part of it. Use a token with the "admin" scope.`,
  );
}

/**
 * Rights are given by a person or an `admin` token only: with a `seed` token (SEED_WRITES lets it
 * create and rename members) an administrator's right or a member's type would let a leaked
 * token make itself an administrator's account, or take the right from the club's admins.
 */
export function requireTokenMayGrantRights(ctx: { apiToken: TokenGrant | null }, what: string): void {
  const token = ctx.apiToken;
  if (!token || token.scope === "admin") return;
  throw forbidden(
    `This API token (scope "${token.scope}") may not ${what}: that takes a token with the "admin" scope.`,
  );
}
