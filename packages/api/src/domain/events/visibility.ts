import { eventInvitations, eventParticipants, events } from "@club/db";
import { and, eq, exists, or, type SQL, sql } from "drizzle-orm";

export interface Viewer {
  id: string;
  admin: boolean;
}

/**
 * Who may see an event: everyone for open events; for invite-only events, its participants,
 * invitees, creator and admins (ARCHITECTURE.md, permissions).
 */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.admin) return undefined;
  return or(
    eq(events.exclusivity, "open"),
    eq(events.createdBy, viewer.id),
    exists(
      sql`(select 1 from ${eventParticipants} where ${and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, viewer.id))})`,
    ),
    exists(
      sql`(select 1 from ${eventInvitations} where ${and(eq(eventInvitations.eventId, events.id), eq(eventInvitations.inviteeId, viewer.id))})`,
    ),
  );
}

/** Edit, delete and announce: the creator or an admin. */
export function canManage(viewer: Viewer, event: { createdBy: string | null }): boolean {
  return viewer.admin || event.createdBy === viewer.id;
}
