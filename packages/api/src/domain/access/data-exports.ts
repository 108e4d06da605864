// A member's copies of her data (Settings → Your data): hers only, fetched from a browser session.
import { dataExports } from "@club/db";
import { eq, type SQL } from "@club/db/orm";
import type { ApiContext } from "../../context";
import { DATA_EXPORT_NOT_FOUND, forbidden, NO_DATA_EXPORT_BY_TOKEN, notFound } from "../../errors";
import { type MemberContext, requireMember, type Viewer } from "./callers";

/** The exports a member may see and fetch: her own (admins included: nobody reads another's copy). */
export function ownDataExports(viewer: Viewer): SQL {
  return eq(dataExports.userId, viewer.id);
}

/**
 * Fetching a copy of her data takes her signed in, in a browser: never an API token, whatever its
 * scope (a leaked token must not carry away everything the club holds of her, files included).
 * The procedures are refused by `requireTokenScope`; this is the download route's gate.
 */
export function requireDataExportCaller(ctx: ApiContext): MemberContext {
  const member = requireMember(ctx);
  if (member.apiToken) throw forbidden(NO_DATA_EXPORT_BY_TOKEN);
  return member;
}

/** An export looked up among hers; none (another member's, or removed) is "not found", like one that never was. */
export function requireOwnDataExport<T>(found: T | undefined): T {
  if (found === undefined) throw notFound(DATA_EXPORT_NOT_FOUND);
  return found;
}
