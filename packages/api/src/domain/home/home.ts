// A member's home (/member-home, "My club"): what is hers, at a glance, in one answer.
import {
  comments,
  eventInvitations,
  eventParticipants,
  events,
  eventWaitlist,
  groupMails,
  media,
  profiles,
  type Queryable,
  users,
} from "@club/db";
import { and, asc, desc, eq, gt, gte, isNull, ne, or, type Placeholder, sql } from "@club/db/orm";
import { FORMER_MEMBER, type RecipientGroup } from "@club/shared";
import { preparedOnce } from "../../lib/prepared";
import {
  galleryMedia,
  hasParticipant,
  isWaiting,
  type MemberContext,
  type ViewerKind,
  type ViewerRef,
  viewerKind,
  viewerPlaceholder,
  viewerValues,
  visibleEvents,
} from "../access";
import { todayIn } from "../events/calendar";
import { mediaUrl } from "../media/dto";
import { nextStayOf } from "../travel/views";
import { comingUp, firstVisitSince, whenHomeChanges } from "./home-times";

/** How many of each the home shows; each list links to where the rest are. */
const NEXT_EVENTS = 5;
const INVITATIONS = 10;
const DEADLINES = 5;
const NEW_MEDIA = 8;
const COMMENTS = 5;
const NEWS = 3;
/** The group whose mails are the club's news: sent to every member. */
export const NEWS_GROUP: RecipientGroup = "all";

const placeOf = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  eventDate: events.eventDate,
  startTime: events.startTime,
  isPhysical: events.isPhysical,
  city: events.city,
};

/**
 * Her home: her next events (going or waiting, with her place in line), invitations waiting for
 * her answer, RSVP deadlines coming up on events she has not answered, new photos and videos from
 * the events she joined, the latest comments of others on her events and uploads, and the club's
 * news (group mails to all members), and her next stay in a member's home (Travel). Every list passes the access module's rules; the queries
 * run at once.
 */
export async function memberHome(
  ctx: MemberContext & { config: { timeZone: string }; answerChangesAt?: ((instant: Date) => void) | undefined },
) {
  const { db, user } = ctx;
  const q = homeQueries(db, viewerKind(user));
  const [me] = await q.me.execute({ viewerId: user.id });
  // One instant for what the answer shows and for when it changes, so none can fall between the two.
  const now = new Date();
  const lastVisit = me?.seen ?? null;
  const since = lastVisit ?? firstVisitSince(now);
  const today = todayIn(ctx.config.timeZone);
  // A placeholder has no column to turn a Date into the driver's text: the moment goes as text.
  const values = { ...viewerValues(user), today, since: since.toISOString() };

  const [going, waiting, invitations, soonest, newMedia, latestComments, news, nextStay, [firstSteps]] =
    await Promise.all([
      q.going.execute(values),
      q.waiting.execute(values),
      q.invitations.execute(values),
      q.deadlines.execute(values),
      q.newMedia.execute(values),
      q.latestComments.execute(values).then(commentsOf),
      q.news.execute(),
      nextStayOf(db, user.id, now, ctx.answerChangesAt),
      q.firstSteps.execute(values),
    ]);
  const deadlines = comingUp(soonest, now);

  const nextEvents = [
    // Keys added to each row, not spread into a new literal: a literal that starts with a spread
    // gets a hidden class of its own per object (docs/decisions/an-answers-rows-share-one-shape.md).
    ...going.map((e) => Object.assign(e, { status: "going" as const, position: null })),
    ...waiting.map((e) => Object.assign(e, { status: "waitlist" as const })),
  ]
    .sort((a, b) => `${a.eventDate} ${a.startTime}`.localeCompare(`${b.eventDate} ${b.startTime}`))
    .slice(0, NEXT_EVENTS);

  if (ctx.answerChangesAt) {
    whenHomeChanges(
      ctx.answerChangesAt,
      { today, timeZone: ctx.config.timeZone, now, lastVisit },
      {
        invitations,
        soonest,
        newMedia,
      },
    );
  }

  return {
    lastVisit,
    nextEvents,
    invitations,
    deadlines,
    newMedia: newMedia.map(({ thumbnailKey, ...m }) =>
      Object.assign(m, { thumbnailUrl: mediaUrl(thumbnailKey), isNew: lastVisit !== null && m.uploadDate > lastVisit }),
    ),
    comments: latestComments,
    news,
    nextStay,
    welcome: firstSteps && !Object.values(firstSteps).every(Boolean) ? firstSteps : null,
  };
}

const p = sql.placeholder;

/**
 * Her home's queries, built once per database and kind of viewer (preparedOnce): Drizzle walked
 * their eleven trees at every ask, a quarter of what the home cost the server. Her id, her sight,
 * her day and her last visit are the placeholders `viewerId`, `sight`, `today` and `since`.
 */
function homeQueries(db: Queryable, kind: ViewerKind) {
  return preparedOnce(db, `home ${kind}`, () => {
    // A member is never a visitor: her kind has placeholders.
    const viewer = viewerPlaceholder(kind) as ViewerRef;
    const userId = p("viewerId");
    const today = p("today");
    const notPast = gte(sql`coalesce(${events.endDate}, ${events.eventDate})`, today);
    return {
      me: db.select({ seen: users.homeSeenAt }).from(users).where(eq(users.id, userId)).prepare("home_me"),
      going: db
        .select(placeOf)
        .from(events)
        .innerJoin(
          eventParticipants,
          and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId)),
        )
        .where(notPast)
        .orderBy(asc(events.eventDate), asc(events.startTime))
        .limit(NEXT_EVENTS)
        .prepare("home_going"),
      waiting: db
        .select({
          ...placeOf,
          // Her place in line: those ahead of her, and herself.
          position: sql<number>`(select count(*)::int from ${eventWaitlist} w
          where w.event_id = ${events.id} and w.position <= ${eventWaitlist.position})`,
        })
        .from(events)
        .innerJoin(eventWaitlist, and(eq(eventWaitlist.eventId, events.id), eq(eventWaitlist.userId, userId)))
        .where(notPast)
        .orderBy(asc(events.eventDate), asc(events.startTime))
        .limit(NEXT_EVENTS)
        .prepare("home_waiting"),
      invitations: db
        .select({
          id: eventInvitations.id,
          expiresAt: eventInvitations.expiresAt,
          invitedBy: users.name,
          invitedById: users.id,
          event: placeOf,
        })
        .from(eventInvitations)
        .innerJoin(events, eq(events.id, eventInvitations.eventId))
        .leftJoin(users, eq(users.id, eventInvitations.invitedBy))
        .where(
          and(
            eq(eventInvitations.inviteeId, userId),
            isNull(eventInvitations.acceptedAt),
            gt(eventInvitations.expiresAt, sql`now()`),
            notPast,
            // Already going or waiting (she joined by the button): nothing left to answer.
            sql`not ${or(hasParticipant(userId), isWaiting(userId))}`,
          ),
        )
        .orderBy(asc(events.eventDate))
        .limit(INVITATIONS)
        .prepare("home_invitations"),
      // The soonest deadlines still open, those coming up kept by `comingUp`: the first
      // beyond says when it comes up (whenHomeChanges).
      deadlines: db
        .select({ ...placeOf, rsvpDeadline: events.rsvpDeadline })
        .from(events)
        .where(
          and(
            visibleEvents(viewer),
            gt(events.rsvpDeadline, sql`now()`),
            sql`not ${or(hasParticipant(userId), isWaiting(userId))}`,
          ),
        )
        .orderBy(asc(events.rsvpDeadline))
        .limit(DEADLINES)
        .prepare("home_deadlines"),
      newMedia: db
        .select({
          id: media.id,
          title: media.title,
          name: media.name,
          mediaType: media.mediaType,
          thumbnailKey: media.thumbnailKey,
          uploadDate: media.uploadDate,
          event: { id: events.id, slug: events.slug, title: events.title },
        })
        .from(media)
        .innerJoin(events, eq(events.id, media.associatedEventId))
        .innerJoin(
          eventParticipants,
          and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId)),
        )
        .where(
          and(
            galleryMedia(viewer),
            gt(media.uploadDate, p("since")),
            or(isNull(media.uploadedBy), ne(media.uploadedBy, userId)),
          ),
        )
        .orderBy(desc(media.uploadDate))
        .limit(NEW_MEDIA)
        .prepare("home_new_media"),
      latestComments: latestCommentsQuery(db, viewer).prepare("home_comments"),
      news: db
        .select({ id: groupMails.id, subject: groupMails.subject, text: groupMails.text, sentAt: groupMails.sentAt })
        .from(groupMails)
        .where(eq(groupMails.recipientGroup, NEWS_GROUP))
        .orderBy(desc(groupMails.sentAt))
        .limit(NEWS)
        .prepare("home_news"),
      firstSteps: firstStepsQuery(db, userId).prepare("home_first_steps"),
    };
  });
}

/**
 * A new member's first steps, each done or not: a portrait, her talents, an event she goes to (or
 * hosts), a photo or video of hers in the gallery. My club's welcome checklist, gone once all are.
 */
function firstStepsQuery(db: Queryable, userId: string | Placeholder) {
  return db
    .select({
      portrait: sql<boolean>`exists(select 1 from ${profiles} where ${profiles.userId} = ${userId} and ${profiles.portraitPrefix} is not null)`,
      talents: sql<boolean>`exists(select 1 from ${profiles} where ${profiles.userId} = ${userId} and cardinality(${profiles.talents}) > 0)`,
      event: sql<boolean>`exists(select 1 from ${eventParticipants} where ${eventParticipants.userId} = ${userId})`,
      photo: sql<boolean>`exists(select 1 from ${media} where ${media.uploadedBy} = ${userId} and ${media.homeId} is null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
}

export type MemberHome = Awaited<ReturnType<typeof memberHome>>;

/**
 * Others' latest comments on the events she created and the photos and videos she uploaded (both
 * of which she can see: her own event, her own upload), newest first. Found through her own events
 * and uploads, the newest few of each item on the comments' index (a lateral look-up per item): the
 * club's other comments are never read. Joined from every comment, the query read them all (90 ms
 * at 200,000 comments); a semi-join let the planner walk the index across other items' comments.
 */
export function latestCommentsQuery(db: Queryable, user: ViewerRef) {
  const hers = db
    .select({
      itemId: events.id,
      kind: sql<"event" | "media">`'event'`.as("kind"),
      // Typed as the other branch's (null there).
      eventSlug: sql<string | null>`${events.slug}`.as("event_slug"),
      eventTitle: sql<string | null>`${events.title}`.as("event_title"),
      mediaTitle: sql<string | null>`null`.as("media_title"),
    })
    .from(events)
    .where(eq(events.createdBy, user.id))
    .unionAll(
      db
        .select({
          itemId: media.id,
          kind: sql<"event" | "media">`'media'`.as("kind"),
          eventSlug: sql<string | null>`null`.as("event_slug"),
          eventTitle: sql<string | null>`null`.as("event_title"),
          mediaTitle: sql<string | null>`coalesce(${media.title}, ${media.name})`.as("media_title"),
        })
        .from(media)
        .where(and(eq(media.uploadedBy, user.id), galleryMedia(user))),
    )
    .as("hers");
  const newest = db
    .select({ id: comments.id, content: comments.content, createdAt: comments.createdAt, userId: comments.userId })
    .from(comments)
    .where(and(eq(comments.commentableId, hers.itemId), or(isNull(comments.userId), ne(comments.userId, user.id))))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(COMMENTS)
    .as("newest");
  return db
    .select({
      id: newest.id,
      content: newest.content,
      createdAt: newest.createdAt,
      author: sql<string>`coalesce(${users.name}, ${FORMER_MEMBER})`,
      itemId: hers.itemId,
      kind: hers.kind,
      eventSlug: hers.eventSlug,
      eventTitle: hers.eventTitle,
      mediaTitle: hers.mediaTitle,
    })
    .from(hers)
    .crossJoinLateral(newest)
    .leftJoin(users, eq(users.id, newest.userId))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(COMMENTS);
}

function commentsOf(rows: Awaited<ReturnType<ReturnType<typeof latestCommentsQuery>["execute"]>>) {
  return rows.map((r) => ({
    id: r.id,
    // A glance, not the whole comment: the rest is where it was written.
    excerpt: r.content.length > 160 ? `${r.content.slice(0, 159).trimEnd()}…` : r.content,
    author: r.author,
    createdAt: r.createdAt,
    on:
      r.kind === "event"
        ? { kind: "event" as const, id: r.itemId, slug: r.eventSlug, title: r.eventTitle ?? "" }
        : { kind: "media" as const, id: r.itemId, slug: null, title: r.mediaTitle ?? "A photo or video" },
  }));
}

/** She opened her home: what arrived before now is no longer new there. */
export async function markHomeSeen(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ homeSeenAt: new Date() }).where(eq(users.id, userId));
}
