// Events: who creates, sees and manages them, and the SQL conditions for what a member may see.
import { hashToken, type SessionUser, sessionUserColumns } from "@club/auth";
import {
  calendarFeeds,
  cancelledEvents,
  type Event,
  eventInvitations,
  eventParticipants,
  events,
  eventWaitlist,
  type Queryable,
  users,
} from "@club/db";
import { and, eq, exists, isNotNull, isNull, or, type Placeholder, type SQL, sql } from "@club/db/orm";
import { isRowId } from "@club/shared";
import { EVENT_NOT_FOUND, FEED_NOT_FOUND, forbidden, notFound } from "../../errors";
import { preparedOnce } from "../prepared";
import type { Viewer, ViewerRef } from "./callers";
import { requireOwnerOrAdmin } from "./ownership";

/** Founding and Travel Host members and admins create events; Standard members do not. */
export function requireEventCreator(viewer: Viewer & { type: string }): void {
  if (viewer.type === "Standard" && !viewer.admin) throw forbidden("Standard members cannot create events.");
}

const EVENT_MANAGER_REFUSALS = {
  edit: "Only the event's creator or an admin can edit it.",
  publish: "Only the event's creator or an admin can publish it.",
  delete: "Only the event's creator or an admin can delete it.",
  announce: "Only the event's creator or an admin can send its announcement.",
  guests: "Only the event's creator or an admin can see and change the guest list.",
} as const;

/**
 * An event is managed by its creator and admins: edited, deleted, announced, and its guest list
 * (names, e-mails, guests, the waitlist) seen and changed.
 */
export function requireEventManager(
  viewer: Viewer,
  event: { createdBy: string | null },
  action: keyof typeof EVENT_MANAGER_REFUSALS,
): void {
  requireOwnerOrAdmin(viewer, event.createdBy, EVENT_MANAGER_REFUSALS[action]);
}

/** The event (the row of `events` in the query) was created by this member. */
export const isCreatedBy = (userId: string | Placeholder): SQL => eq(events.createdBy, userId);

/** The event has this member among its participants. */
export const hasParticipant = (userId: string | Placeholder): SQL =>
  exists(
    sql`(select 1 from ${eventParticipants} where ${and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId))})`,
  );

/** The member waits on the event's waitlist. */
export const isWaiting = (userId: string | Placeholder): SQL =>
  exists(
    sql`(select 1 from ${eventWaitlist} where ${and(eq(eventWaitlist.eventId, events.id), eq(eventWaitlist.userId, userId))})`,
  );

/** The event has an invitation for this member; `extra` narrows which (say, still valid). */
export const hasInvitationFor = (userId: string | Placeholder, extra?: SQL): SQL =>
  exists(
    sql`(select 1 from ${eventInvitations} where ${and(
      eq(eventInvitations.inviteeId, userId),
      eq(eventInvitations.eventId, events.id),
      extra,
    )})`,
  );

/** The event is published: not a draft. */
export const isPublished: SQL = isNotNull(events.publishedAt);

/**
 * The condition on `events` for the events a viewer may see (for an admin: every published one).
 * A prepared query passes a placeholder for her id (`ViewerRef`). A draft is nobody's to see in a
 * list, a feed, a search, a count or the gallery; its creator and admins open it by its address
 * (`requireEventOrDraft`).
 */
export function visibleEvents(viewer: ViewerRef | null): SQL | undefined {
  if (!viewer) return and(isPublished, eq(events.exclusivity, "open"));
  if (viewer.admin) return isPublished;
  return and(
    isPublished,
    or(
      eq(events.exclusivity, "open"),
      isCreatedBy(viewer.id),
      hasParticipant(viewer.id),
      // On the waitlist she keeps sight of it (to see her place, leave, or get a seat), whatever
      // became of the invitation that let her join.
      isWaiting(viewer.id),
      // An invitation grants sight while it can still be accepted, and for good once it was.
      hasInvitationFor(
        viewer.id,
        or(isNotNull(eventInvitations.acceptedAt), sql`${eventInvitations.expiresAt} > now()`),
      ),
    ),
  );
}

/** The drafts a viewer may open: her own, and every member's for an admin. */
export function visibleDrafts(viewer: ViewerRef): SQL | undefined {
  return and(isNull(events.publishedAt), viewer.admin ? undefined : isCreatedBy(viewer.id));
}

const p = sql.placeholder;

/** Whose sight a prepared look-up is built for: her id is then a placeholder (`viewerId`). */
export type ViewerKind = "visitor" | "admin" | "member";
export const viewerKind = (viewer: Viewer | null): ViewerKind =>
  !viewer ? "visitor" : viewer.admin ? "admin" : "member";
export const viewerPlaceholder = (kind: ViewerKind): ViewerRef | null =>
  kind === "visitor" ? null : { id: p("viewerId"), admin: kind === "admin" };

/** `/events/{id}` takes the id or the slug (the placeholder `ref`, as `refValue` gives it). */
const refCondition = (byId: boolean): SQL => (byId ? eq(events.id, p("ref")) : eq(events.slug, p("ref")));
const refValue = (ref: string, byId: boolean) => (byId ? ref : ref.toLowerCase());

/**
 * The event (by id or slug) when the viewer may see it; otherwise "Event not found". Every read of
 * an event's page, images and comments passes here: the query is built once per kind of viewer
 * (preparedOnce), and only its values change.
 */
export async function requireVisibleEvent(ctx: { db: Queryable; user: Viewer | null }, ref: string): Promise<Event> {
  const byId = isRowId(ref);
  const kind = viewerKind(ctx.user);
  const query = preparedOnce(ctx.db, `requireVisibleEvent ${kind} ${byId}`, () =>
    ctx.db
      .select()
      .from(events)
      .where(and(refCondition(byId), visibleEvents(viewerPlaceholder(kind))))
      .prepare("visible_event"),
  );
  const [row] = await query.execute({ ref: refValue(ref, byId), viewerId: ctx.user?.id });
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

/**
 * The event (by id or slug) when the viewer may see it, or a draft she may open (hers, or any for
 * an admin): what its page, its edit and its deletion need. Everything else a member does with an
 * event (join, invite, comment, upload, announce, download) takes `requireVisibleEvent`, so a draft
 * answers "Event not found" there until it is published.
 */
export async function requireEventOrDraft(ctx: { db: Queryable; user: Viewer }, ref: string): Promise<Event> {
  const byId = isRowId(ref);
  const kind = viewerKind(ctx.user);
  const query = preparedOnce(ctx.db, `requireEventOrDraft ${kind} ${byId}`, () => {
    const viewer = viewerPlaceholder(kind) as ViewerRef;
    return ctx.db
      .select()
      .from(events)
      .where(and(refCondition(byId), or(visibleEvents(viewer), visibleDrafts(viewer))))
      .prepare("event_or_draft");
  });
  const [row] = await query.execute({ ref: refValue(ref, byId), viewerId: ctx.user.id });
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

/**
 * A calendar feed's URL is its own credential (calendar applications send no cookies): the secret
 * names the member, and the feed shows only what she may see, as she would see it signed in.
 */
export async function requireFeedOwner(
  db: Queryable,
  secret: string,
): Promise<{ viewer: SessionUser; includeOpen: boolean }> {
  const [row] = await db
    .select({ viewer: sessionUserColumns, includeOpen: calendarFeeds.includeOpen })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(secret)));
  if (!row) throw notFound(FEED_NOT_FOUND);
  return row;
}

/**
 * The cancelled events a calendar feed shows (so subscribed calendars remove them): those she was
 * going to or waiting for and, when her feed lists every open event, the open ones. An invite-only
 * event's cancellation reaches nobody else, as the event did not.
 */
export function feedCancellations(viewer: Viewer, includeOpen: boolean): SQL | undefined {
  return or(
    sql`${cancelledEvents.memberIds} @> array[${viewer.id}]::uuid[]`,
    includeOpen ? eq(cancelledEvents.exclusivity, "open") : undefined,
  );
}
