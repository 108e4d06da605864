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
  media,
  type Queryable,
  users,
} from "@club/db";
import { and, eq, exists, isNotNull, isNull, ne, or, type Placeholder, type SQL, sql } from "@club/db/orm";
import { isRowId } from "@club/shared";
import { EVENT_NOT_FOUND, FEED_NOT_FOUND, forbidden, notFound } from "../../errors";
import { preparedOnce } from "../../lib/prepared";
import type { Sight, Viewer, ViewerRef } from "./callers";
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

/**
 * Admins are not held to the limits on the mail a member's acts send (INVITATION_MAILS_PER_MEMBER,
 * ANNOUNCEMENTS_PER_MEMBER): they may invite the whole club to an invite-only evening, and can mail
 * it all by group mail anyway.
 */
export const mailsWithoutLimit = (viewer: Viewer): boolean => viewer.admin;

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

const p = sql.placeholder;

/** The event is published: not a draft. */
export const isPublished: SQL = isNotNull(events.publishedAt);

/**
 * The events she sees through her own rows, whatever their exclusivity: hers, those she has a seat
 * at or waits for, and those she is invited to.
 */
function ownSight(userId: string | Placeholder): SQL | undefined {
  return or(
    isCreatedBy(userId),
    hasParticipant(userId),
    // On the waitlist she keeps sight of it (to see her place, leave, or get a seat), whatever
    // became of the invitation that let her join.
    isWaiting(userId),
    // An invitation grants sight while it can still be accepted, and for good once it was.
    hasInvitationFor(userId, or(isNotNull(eventInvitations.acceptedAt), sql`${eventInvitations.expiresAt} > now()`)),
  );
}

/** Drizzle spreads an array into a list of parameters: a sight goes as one array parameter. */
const sightParam = (sight: Sight | Placeholder) => (Array.isArray(sight) ? sql.param(sight) : sight);

/**
 * When her sight will change with nothing written: the earliest expiry of an invitation she has not
 * accepted (until then it lets her see its event), or null if none is pending. What is made from her
 * sight or her own rows is kept no later. Invitations that expired in the last seconds count too:
 * `sightOf` reads the sight in a statement of its own, with its own `now()`, and one that expired
 * between the two statements must still end the sight it may be in (an instant past: not kept).
 */
export async function sightChangesAt(db: Queryable, memberId: string): Promise<Date | null> {
  const pending = preparedOnce(db, "sightChangesAt", () =>
    db
      .select({ expiresAt: eventInvitations.expiresAt })
      .from(eventInvitations)
      .where(
        and(
          eq(eventInvitations.inviteeId, p("viewerId")),
          isNull(eventInvitations.acceptedAt),
          sql`${eventInvitations.expiresAt} > now() - interval '10 seconds'`,
        ),
      )
      .orderBy(eventInvitations.expiresAt)
      .limit(1)
      .prepare("sight_changes_at"),
  );
  const [first] = await pending.execute({ viewerId: memberId });
  return first?.expiresAt ?? null;
}

/**
 * The condition on `events` for the events a viewer may see (for an admin: every published one).
 * A prepared query passes a placeholder for her id (`ViewerRef`). A draft is nobody's to see in a
 * list, a feed, a search, a count or the gallery; its creator and admins open it by its address
 * (`requireEventOrDraft`). With her sight (the invite-only events her rows show her, `sightOf`)
 * the same events are named by id: the condition then reads nothing of hers.
 */
export function visibleEvents(viewer: ViewerRef | null): SQL | undefined {
  if (!viewer) return and(isPublished, eq(events.exclusivity, "open"));
  if (viewer.admin) return isPublished;
  return and(
    isPublished,
    or(
      eq(events.exclusivity, "open"),
      viewer.sight !== undefined ? sql`${events.id} = any(${sightParam(viewer.sight)}::uuid[])` : ownSight(viewer.id),
    ),
  );
}

/**
 * The condition on `events` for the published events a viewer may NOT see (an invitation-only date
 * she is not invited to): what her calendar must not tell of. Null-safe: an event whose creator was
 * deleted makes `visibleEvents`' condition null rather than false for her, and "not null" is null.
 * Undefined for an admin, who sees every one.
 */
export function hiddenEvents(viewer: ViewerRef): SQL | undefined {
  if (viewer.admin) return undefined;
  return and(isPublished, sql`not coalesce(${visibleEvents(viewer)}, false)`);
}

/**
 * A member's sight (see Sight): the published invite-only events her own rows show her, sorted by
 * id. None (null) when she has an item only she may see (left private by its event's deletion):
 * whether the gallery shows it reads her id, so her answers are hers alone.
 */
export async function sightOf(db: Queryable, memberId: string): Promise<Sight | null> {
  const viewerId = p("viewerId");
  const seen = preparedOnce(db, "sightOf events", () =>
    db
      .select({ id: events.id })
      .from(events)
      .where(and(isPublished, ne(events.exclusivity, "open"), ownSight(viewerId)))
      .orderBy(events.id)
      .prepare("sight_events"),
  );
  const own = preparedOnce(db, "sightOf own items", () =>
    db
      .select({ one: sql<number>`1` })
      .from(media)
      .where(and(eq(media.uploadedBy, viewerId), eq(media.uploaderOnly, true)))
      .limit(1)
      .prepare("sight_own_items"),
  );
  const [rows, hidden] = await Promise.all([seen.execute({ viewerId: memberId }), own.execute({ viewerId: memberId })]);
  return hidden.length > 0 ? null : rows.map((r) => r.id);
}

/** The drafts a viewer may open: her own, and every member's for an admin. */
export function visibleDrafts(viewer: ViewerRef): SQL | undefined {
  return and(isNull(events.publishedAt), viewer.admin ? undefined : isCreatedBy(viewer.id));
}

/** Whose sight a prepared look-up is built for: her id is then a placeholder (`viewerId`). */
export type ViewerKind = "visitor" | "admin" | "member" | "sighted";
export const viewerKind = (viewer: Viewer | null): ViewerKind =>
  !viewer ? "visitor" : viewer.admin ? "admin" : viewer.sight !== undefined ? "sighted" : "member";
/** Her id is the placeholder `viewerId`, and a sighted member's sight `sight` (`viewerValues`). */
export const viewerPlaceholder = (kind: ViewerKind): ViewerRef | null =>
  kind === "visitor"
    ? null
    : { id: p("viewerId"), admin: kind === "admin", ...(kind === "sighted" ? { sight: p("sight") } : {}) };
/** The values of viewerPlaceholder's placeholders. */
export const viewerValues = (viewer: Viewer | null) => ({ viewerId: viewer?.id, sight: viewer?.sight });

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
  const [row] = await query.execute({ ref: refValue(ref, byId), ...viewerValues(ctx.user) });
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
  const [row] = await query.execute({ ref: refValue(ref, byId), ...viewerValues(ctx.user) });
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
