// Travel: who lists homes, who changes one, who sees a stay, and whose link reads a home's nights.
import { hashToken } from "@club/auth";
import { homes, type Queryable } from "@club/db";
import { eq } from "@club/db/orm";
import type { MemberType } from "@club/shared";
import { forbidden, notFound } from "../../errors";
import type { Viewer } from "./callers";
import { requireOwnerOrAdmin } from "./ownership";

export const HOME_NOT_FOUND = "Home not found.";
export const STAY_NOT_FOUND = "Stay not found.";

/** Only Travel Hosts list their homes (and admins, on a host's behalf). */
export function requireHomeLister(viewer: Viewer & { type: MemberType }): void {
  if (!viewer.admin && viewer.type !== "Travel Host") {
    throw forbidden("Only Travel Hosts list homes. Ask an administrator if you would like to host.");
  }
}

/** A home is changed (its words, its windows, its blocks) or withdrawn by its host or an admin. */
export function requireHomeManager(viewer: Viewer, home: { hostId: string }): void {
  requireOwnerOrAdmin(viewer, home.hostId, "Only the home's host or an administrator can change it.");
}

/** Whether she sees a stay: its guest, its home's host, and admins; to anyone else it does not exist. */
export function requireStayParty(viewer: Viewer, stay: { guestId: string; hostId: string }): void {
  if (!viewer.admin && viewer.id !== stay.guestId && viewer.id !== stay.hostId) throw notFound(STAY_NOT_FOUND);
}

/** A request is accepted or declined by the home's host or an admin, never by the guest herself. */
export function requireStayHost(viewer: Viewer, stay: { guestId: string; hostId: string }): void {
  requireStayParty(viewer, stay);
  if (!viewer.admin && viewer.id !== stay.hostId)
    throw forbidden("Only the host or an administrator answers a request.");
}

/** A note about a stay is its guest's to write (not the host's, not an admin's). */
export function requireStayGuest(viewer: Viewer, stay: { guestId: string; hostId: string }): void {
  requireStayParty(viewer, stay);
  if (viewer.id !== stay.guestId) throw forbidden("Only the guest writes a note about her stay.");
}

export const HOME_FEED_NOT_FOUND = "This calendar link no longer works: ask the host for a new one.";

/**
 * A home's calendar link: the secret in it is the credential (calendars send no cookies); it reads
 * only that home's taken nights. An unknown or replaced secret finds nothing.
 */
export async function requireHomeFeed(db: Queryable, secret: string): Promise<{ id: string; timeZone: string }> {
  const [home] = await db
    .select({ id: homes.id, timeZone: homes.timeZone })
    .from(homes)
    .where(eq(homes.feedTokenHash, hashToken(secret)));
  if (!home) throw notFound(HOME_FEED_NOT_FOUND);
  return home;
}
