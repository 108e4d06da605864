// A member's sessions (Settings → Security): hers only.
import { sessions } from "@club/db";
import { eq, type SQL } from "@club/db/orm";
import { notFound, SESSION_NOT_FOUND } from "../../errors";
import type { Viewer } from "./callers";

/** The sessions a member may see and end: her own. */
export function ownSessions(viewer: Viewer): SQL {
  return eq(sessions.userId, viewer.id);
}

/** A session looked up among hers; none (another member's, or ended) is "not found", like one that never was. */
export function requireOwnSession<T>(found: T | undefined): T {
  if (found === undefined) throw notFound(SESSION_NOT_FOUND);
  return found;
}
