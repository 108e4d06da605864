import { eventInvitations, eventParticipants, type Queryable } from "@club/db";
import { and, eq, isNotNull, ne } from "@club/db/orm";
import { notify } from "./notify";

/** Invited to an event: each invitee hears it from her inviter. */
export function noticeInvitations(db: Queryable, eventId: string, inviterId: string, inviteeIds: string[]) {
  return notify(db, { kind: "invited", recipients: inviteeIds, actorId: inviterId, subjectId: eventId, eventId });
}

/** Seats from the waitlist: each promoted member hears she is going. */
export function noticeSeats(db: Queryable, eventId: string, userIds: string[]) {
  return notify(db, { kind: "seat", recipients: userIds, actorId: null, subjectId: eventId, eventId });
}

/** She joined an event she was invited to: whoever invited her hears of it. */
export async function noticeJoined(db: Queryable, eventId: string, userId: string): Promise<void> {
  const inviters = await db
    .select({ id: eventInvitations.invitedBy })
    .from(eventInvitations)
    .where(
      and(
        eq(eventInvitations.eventId, eventId),
        eq(eventInvitations.inviteeId, userId),
        isNotNull(eventInvitations.invitedBy),
      ),
    );
  await notify(db, {
    kind: "joined",
    recipients: inviters.map((i) => i.id),
    actorId: userId,
    subjectId: eventId,
    eventId,
  });
}

/** New photos or videos in an event: those going hear of it, one line per event until read. */
export async function noticeEventMedia(db: Queryable, eventId: string, uploaderId: string | null): Promise<void> {
  const going = await db
    .select({ id: eventParticipants.userId })
    .from(eventParticipants)
    .where(
      and(eq(eventParticipants.eventId, eventId), uploaderId ? ne(eventParticipants.userId, uploaderId) : undefined),
    );
  await notify(db, {
    kind: "photos",
    recipients: going.map((p) => p.id),
    actorId: uploaderId,
    subjectId: eventId,
    eventId,
  });
}

/** An event she is going to or waiting for changed its date, time or place. */
export function noticeEventChanged(db: Queryable, eventId: string, editorId: string, memberIds: string[]) {
  return notify(db, { kind: "changed", recipients: memberIds, actorId: editorId, subjectId: eventId, eventId });
}

/**
 * An event she was going to or waiting for is cancelled. The event is gone: the line is read from
 * what the calendar feeds keep of it (`cancelled_events`), so it names no event to check.
 */
export function noticeEventCancelled(db: Queryable, eventId: string, editorId: string, memberIds: string[]) {
  return notify(db, { kind: "cancelled", recipients: memberIds, actorId: editorId, subjectId: eventId });
}
