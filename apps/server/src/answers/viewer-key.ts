import { createHash } from "node:crypto";
import type { Sight } from "@club/api";
import type { FastifyRequest } from "fastify";

type Auth = Awaited<ReturnType<FastifyRequest["auth"]>>;

/**
 * Who asks, as far as any kept answer can differ: the member (her id: invite-only events, her
 * RSVP, what she may manage), her type and admin right, a temporary password (which closes the
 * members' area), and an API token's scope. Visitors are one caller.
 */
export function viewerKey({ user, apiToken }: Auth): string {
  if (!user) return "visitor";
  const flags = `${user.admin ? "admin" : "member"}:${user.mustChangePassword ? "temporary" : "password"}`;
  return `${user.id}:${user.type}:${flags}:${apiToken ? `token-${apiToken.scope}` : "session"}`;
}

/**
 * Whom a shared answer is for (see SHARED_ANSWERS): admins (an admin sees every published event),
 * or members of a sight (a hash of it: the invite-only events their rows show them). Not her type:
 * none of those procedures reads it (a test holds two members of two types and one sight to the
 * same answers). Members with a temporary password and API tokens share nothing.
 */
export function sharedViewerKey({ user, apiToken }: Auth, sight: Sight | undefined): string | undefined {
  if (!user || apiToken || user.mustChangePassword) return undefined;
  if (user.admin) return "shared:admin";
  if (sight === undefined) return undefined;
  const seen = sight.length === 0 ? "open" : createHash("sha1").update(sight.join(",")).digest("base64url");
  return `shared:member:${seen}`;
}
