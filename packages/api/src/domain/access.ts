/**
 * Who may see and change what: every rule lives here, and every way in (tRPC procedures, the REST
 * shims through them, the upload routes and the media file route) goes through these functions.
 *
 * The rules (ARCHITECTURE.md, "Permissions"):
 * - the members' area is for signed-in members; one who must replace a temporary password may only
 *   read her own details and change that password;
 * - open events are seen by every member; an invite-only event by its creator, its participants,
 *   members holding an accepted or still-valid invitation, and admins;
 * - what an event's viewer may not see of it she may not reach through anything attached to it:
 *   its media and their files, its comments and their likes;
 * - media are for members; a media item with no event, or with an event she can see, is visible;
 *   one left over from a deleted invite-only event only to its uploader (and admins);
 * - anonymous visitors read the comments of open events only (SPEC.md lets visitors read comments;
 *   media belong to the members' area, so their comments do too);
 * - a thing is changed by its owner (creator, uploader, author) or an admin; comments are edited by
 *   their author only.
 * - a personal API token acts as its owner within its scope: `read` calls queries (and GET routes)
 *   only, `seed` adds the writes of `club seed --url` (SEED_WRITES), `admin` all its owner may do;
 *   the owner's rights stay the ceiling (a member's admin-scope token acts as that member); no
 *   token creates, lists or revokes tokens, whatever its scope;
 * - the server's metrics (/metrics) are for the monitoring that holds the operator's METRICS_TOKEN;
 *   without one configured, there are none to read.
 * - the API's description (/api/openapi.json) is public, like the source it is made from.
 * Something a viewer may not see answers "not found", exactly like something that does not exist.
 */
import { timingSafeEqual } from "node:crypto";
import { hashToken, type SessionUser, sessionUserColumns } from "@club/auth";
import {
  calendarFeeds,
  cancelledEvents,
  comments,
  type Event,
  eventInvitations,
  eventParticipants,
  events,
  eventWaitlist,
  media,
  type Queryable,
  users,
} from "@club/db";
import { and, eq, exists, inArray, isNotNull, isNull, or, type SQL, sql } from "@club/db/orm";
import { TRPCError } from "@trpc/server";
import type { ApiContext, TokenGrant } from "../context";
import {
  ADMINS_ONLY,
  COMMENT_NOT_FOUND,
  EVENT_NOT_FOUND,
  FEED_NOT_FOUND,
  forbidden,
  MEDIA_NOT_FOUND,
  MUST_CHANGE_PASSWORD,
  NO_TOKENS_BY_TOKEN,
  NOTHING_TO_COMMENT_ON,
  notFound,
  PLEASE_LOG_IN,
} from "../errors";

/** The signed-in member a rule is evaluated for; null is an anonymous visitor. */
export interface Viewer {
  id: string;
  admin: boolean;
}

export type MemberContext = ApiContext & { user: SessionUser; session: NonNullable<ApiContext["session"]> };

/**
 * The gate of the members' area. `allowWhilePasswordChangeRequired` opens it for the two things a
 * member with a temporary password must do: read her details and choose a new password.
 */
export function requireMember(
  ctx: ApiContext,
  options: { allowWhilePasswordChangeRequired?: boolean } = {},
): MemberContext {
  const { user, session } = ctx;
  if (!user || !session) throw new TRPCError({ code: "UNAUTHORIZED", message: PLEASE_LOG_IN });
  if (user.mustChangePassword && !options.allowWhilePasswordChangeRequired) {
    throw new TRPCError({ code: "FORBIDDEN", message: MUST_CHANGE_PASSWORD });
  }
  return { ...ctx, user, session };
}

// ---- API tokens -----------------------------------------------------------------------------

/**
 * What a `seed` token may change besides reading: exactly the calls of `club seed --url`
 * (packages/cli/src/seed) — creating members, invitation codes, events, their participants,
 * comments and media, changing a member's name (`seed --update`), events, comments and media, and
 * the upload routes. No deleting, no mail, no passwords, and no rights: `requireTokenMayGrantRights`
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
  "uploads.media",
  "uploads.image",
  "uploads.resumable",
]);

/** The procedures (by their path's first part) that manage tokens, which no token may call. */
const TOKEN_MANAGEMENT = "apiTokens";

/**
 * A call made with an API token stays within the token's scope. `path` names a procedure, or an
 * upload route by the name SEED_WRITES gives it; `kind` is what the call does (GET routes and
 * queries read). Browser sessions, the command line and visitors carry no token: nothing to check.
 */
export function requireTokenScope(
  ctx: { apiToken: TokenGrant | null },
  path: string,
  kind: "query" | "mutation" | "subscription",
): void {
  const token = ctx.apiToken;
  if (!token) return;
  if (path.split(".")[0] === TOKEN_MANAGEMENT) throw forbidden(NO_TOKENS_BY_TOKEN);
  if (kind === "query" || token.scope === "admin") return;
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

/** Settings: a member's own type is changed by admins only; nobody changes the admin flag there. */
export function requireOwnAccountChange(
  viewer: Viewer & { type: string },
  change: { type?: string | undefined; admin?: boolean | undefined },
): void {
  if (change.type !== undefined && change.type !== viewer.type && !viewer.admin)
    throw forbidden("Only administrators can change their member type.");
  if (change.admin !== undefined && change.admin !== viewer.admin)
    throw forbidden("The administrator flag cannot be changed here.");
}

/**
 * Whoever runs `club` on the server's own machine (the command line reads the database, or asks
 * the running server through its local socket): an administrator who is no member. It may call
 * only the procedures in `OPERATOR_PROCEDURES`, which read or retry and write no row of hers.
 */
export const OPERATOR: SessionUser = {
  id: "00000000-0000-0000-0000-000000000000",
  name: "club (command line)",
  email: "operator@localhost",
  type: "Founding",
  admin: true,
  mustChangePassword: false,
};
export const OPERATOR_PROCEDURES: ReadonlySet<string> = new Set([
  "mailOutbox.list",
  "mailOutbox.get",
  "mailOutbox.summary",
  "mailOutbox.retry",
  "jobs.summary",
  "jobs.failures",
  "jobs.retry",
]);

/** Through the running server's socket, the operator calls the operator procedures only. */
export function requireOperatorProcedure(path: string): void {
  if (!OPERATOR_PROCEDURES.has(path))
    throw forbidden(`${path} cannot be called from the command line while the server runs.`);
}

/** The monitoring's bearer token against METRICS_TOKEN, in constant time; no token configured: nobody. */
export function mayReadMetrics(configured: string | undefined, presented: string | undefined): boolean {
  if (!configured || presented === undefined) return false;
  const a = Buffer.from(configured);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The API's description is for anyone, signed in or not: it says what each URL and procedure
 * accepts and nothing of the club's data, and code generators fetch it before they hold a token.
 */
export function mayReadApiDescription(_viewer: Viewer | null): boolean {
  return true;
}

export function requireAdmin(ctx: MemberContext): MemberContext {
  if (!ctx.user.admin) throw new TRPCError({ code: "FORBIDDEN", message: ADMINS_ONLY });
  return ctx;
}

/** Owners and admins change things. */
export function canManage(viewer: Viewer, ownerId: string | null): boolean {
  return viewer.admin || (ownerId !== null && ownerId === viewer.id);
}

/** The one shape of an ownership rule: the owner or an admin, else this refusal. */
function requireOwnerOrAdmin(viewer: Viewer, ownerId: string | null, refusal: string): void {
  if (!canManage(viewer, ownerId)) throw forbidden(refusal);
}

/** A confirmation e-mail is asked for by its participant, or sent for her by an admin. */
export function requireOwnConfirmation(viewer: Viewer, participantId: string): void {
  requireOwnerOrAdmin(viewer, participantId, "You can only ask for your own confirmation.");
}

/**
 * A resumable upload is continued, checked or cancelled only by the member who began it (admins
 * included: an upload is not an item yet). Anyone else is told it does not exist.
 */
export function requireOwnUpload(viewer: Viewer, ownerId: string | null | undefined): void {
  if (!ownerId || ownerId !== viewer.id) {
    throw notFound("This upload does not exist or has expired. Please add the file again.");
  }
}

/** Some admin actions are for other members' accounts only (an admin resets her own password in Settings). */
export function requireSomeoneElse(viewer: Viewer, userId: string, refusal: string): void {
  if (viewer.id === userId) throw forbidden(refusal);
}

/** Comments are edited by their author only (not even an admin puts words in a member's mouth). */
export function requireAuthor(viewer: Viewer, comment: { userId: string }): void {
  if (viewer.id !== comment.userId) throw forbidden("Only the author can edit a comment.");
}

/** Comments are deleted by their author and admins. */
export function requireCommentRemover(viewer: Viewer, comment: { userId: string }): void {
  requireOwnerOrAdmin(viewer, comment.userId, "Only the author or an admin can delete a comment.");
}

// ---- Events ---------------------------------------------------------------------------------

/** Founding and Travel Host members and admins create events; Standard members do not. */
export function requireEventCreator(viewer: Viewer & { type: string }): void {
  if (viewer.type === "Standard" && !viewer.admin) throw forbidden("Standard members cannot create events.");
}

const EVENT_MANAGER_REFUSALS = {
  edit: "Only the event's creator or an admin can edit it.",
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
export const isCreatedBy = (userId: string): SQL => eq(events.createdBy, userId);

/** The event has this member among its participants. */
export const hasParticipant = (userId: string): SQL =>
  exists(
    sql`(select 1 from ${eventParticipants} where ${and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId))})`,
  );

/** The member waits on the event's waitlist. */
export const isWaiting = (userId: string): SQL =>
  exists(
    sql`(select 1 from ${eventWaitlist} where ${and(eq(eventWaitlist.eventId, events.id), eq(eventWaitlist.userId, userId))})`,
  );

/** The event has an invitation for this member; `extra` narrows which (say, still valid). */
export const hasInvitationFor = (userId: string, extra?: SQL): SQL =>
  exists(
    sql`(select 1 from ${eventInvitations} where ${and(
      eq(eventInvitations.inviteeId, userId),
      eq(eventInvitations.eventId, events.id),
      extra,
    )})`,
  );

/** The condition on `events` for the events a viewer may see (undefined: all of them). */
export function visibleEvents(viewer: Viewer | null): SQL | undefined {
  if (!viewer) return eq(events.exclusivity, "open");
  if (viewer.admin) return undefined;
  return or(
    eq(events.exclusivity, "open"),
    isCreatedBy(viewer.id),
    hasParticipant(viewer.id),
    // On the waitlist she keeps sight of it (to see her place, leave, or get a seat), whatever
    // became of the invitation that let her join.
    isWaiting(viewer.id),
    // An invitation grants sight while it can still be accepted, and for good once it was.
    hasInvitationFor(viewer.id, or(isNotNull(eventInvitations.acceptedAt), sql`${eventInvitations.expiresAt} > now()`)),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/events/{id}` takes the id or the slug. */
function refCondition(ref: string): SQL {
  return UUID.test(ref) ? eq(events.id, ref) : eq(events.slug, ref.toLowerCase());
}

/** The event (by id or slug) when the viewer may see it; otherwise "Event not found". */
export async function requireVisibleEvent(ctx: { db: Queryable; user: Viewer | null }, ref: string): Promise<Event> {
  const [row] = await ctx.db
    .select()
    .from(events)
    .where(and(refCondition(ref), visibleEvents(ctx.user)));
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

// ---- Media ----------------------------------------------------------------------------------

/**
 * The condition on `media` for the items a member may see: ready, not in an event hidden from her,
 * and not left over from a deleted invite-only event unless she uploaded it. (Never undefined, but
 * typed as Drizzle types `and`, which every caller passes it to.)
 */
export function visibleMedia(viewer: Viewer): SQL | undefined {
  const ready = eq(media.status, "ready");
  if (viewer.admin) return ready;
  return and(
    ready,
    or(
      and(isNull(media.associatedEventId), or(eq(media.uploaderOnly, false), eq(media.uploadedBy, viewer.id))),
      exists(
        sql`(select 1 from ${events} where ${and(eq(events.id, media.associatedEventId), visibleEvents(viewer))})`,
      ),
    ),
  );
}

/** A media row when the member may see it; otherwise "Media not found." */
export async function requireVisibleMedia(ctx: MemberContext, id: string): Promise<typeof media.$inferSelect> {
  const [row] = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.id, id), visibleMedia(ctx.user)));
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  return row;
}

const MEDIA_MANAGER_REFUSALS = {
  change: "Only the uploader or an admin can change this item.",
  retry: "Only the uploader or an admin can try this video again.",
  delete: "Only the uploader or an admin can delete an item.",
} as const;

/** A media item is changed, converted again and deleted by its uploader and admins. */
export function requireMediaManager(
  viewer: Viewer,
  item: { uploadedBy: string | null },
  action: keyof typeof MEDIA_MANAGER_REFUSALS,
): void {
  requireOwnerOrAdmin(viewer, item.uploadedBy, MEDIA_MANAGER_REFUSALS[action]);
}

/** Media rows the member may delete: all visible, all hers (or she is an admin); all or nothing. */
export async function requireManageableMedia(ctx: MemberContext, ids: string[]) {
  const rows = await ctx.db
    .select()
    .from(media)
    .where(and(inArray(media.id, ids), visibleMedia(ctx.user)));
  if (rows.length !== ids.length) throw notFound("Some of the selected media no longer exist.");
  for (const row of rows) requireMediaManager(ctx.user, row, "delete");
  return rows;
}

/**
 * A stored object (`media/<uuid>/<file>`) may be fetched when the media item it belongs to is
 * visible to the member. Objects that belong to no visible item are "not found".
 */
export async function requireVisibleMediaObject(
  ctx: ApiContext,
  key: string,
): Promise<{ title: string | null; name: string | null }> {
  const member = requireMember(ctx);
  const prefix = key.slice(0, key.lastIndexOf("/"));
  const [row] = prefix
    ? await member.db
        .select({ title: media.title, name: media.name })
        .from(media)
        .where(and(eq(media.objectPrefix, prefix), visibleMedia(member.user)))
    : [];
  if (!row) throw notFound("Not found");
  return row;
}

// ---- Comments -------------------------------------------------------------------------------

/**
 * Who reads what visitors may read (comments): a signed-in member, or a visitor. A member who must
 * replace a temporary password reads as a visitor until she has.
 */
function readerOf(ctx: ApiContext): Viewer | null {
  return ctx.user && !ctx.user.mustChangePassword ? ctx.user : null;
}

/** What the comments of an item may be read and written on: a visible event or a visible media item. */
export async function requireCommentable(ctx: ApiContext, commentableId: string): Promise<void> {
  const viewer = readerOf(ctx);
  const [event] = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, commentableId), visibleEvents(viewer)));
  if (event) return;
  if (viewer) {
    const [item] = await ctx.db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, commentableId), visibleMedia(viewer)));
    if (item) return;
  }
  throw notFound(NOTHING_TO_COMMENT_ON);
}

/** A comment whose item the member may see; otherwise "Comment not found." */
export async function requireVisibleComment(ctx: MemberContext, id: string) {
  const [row] = await ctx.db.select().from(comments).where(eq(comments.id, id));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  try {
    await requireCommentable(ctx, row.commentableId);
  } catch (err) {
    // Only "nothing to comment on" becomes "comment not found"; a database that stopped answering
    // stays an outage (503), not a comment that seems to have vanished.
    if (err instanceof TRPCError && err.code === "NOT_FOUND") throw notFound(COMMENT_NOT_FOUND);
    throw err;
  }
  return row;
}
