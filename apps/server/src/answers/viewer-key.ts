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
