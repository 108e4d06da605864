import {
  applications,
  cancelledEvents,
  events,
  homes,
  media,
  notificationPrefs,
  notifications,
  type Queryable,
  stays,
  users,
  webhookEndpoints,
} from "@club/db";
import { and, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from "@club/db/orm";
import { formatCardDate, type NotificationKind, uploadDay } from "@club/shared";
import { keyset } from "../../lib/keyset";
import { preparedOnce } from "../../lib/prepared";
import {
  readableNotifications,
  type Viewer,
  type ViewerRef,
  viewerKind,
  viewerPlaceholder,
  viewerValues,
} from "../access";
import { type StayAct, staySentence } from "../travel/notices";

const PAGE = 20;
const pages = keyset(
  notifications.updatedAt,
  notifications.id,
  "This page of your notifications is no longer available. Please reload it.",
);

type Row = Awaited<ReturnType<typeof selectRows>>[number];

/** Not a kind she turned off in the app (Settings → Notifications); her digest may still tell it. */
const shownInApp: SQL = sql`not exists (select 1 from ${notificationPrefs} where ${notificationPrefs.userId} = ${notifications.userId} and ${notifications.kind} = any(${notificationPrefs.inAppOff}))`;

export function selectRows(db: Queryable, viewer: ViewerRef, where: SQL | undefined, limit: number | Placeholder) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      count: notifications.count,
      actors: sql<number>`cardinality(${notifications.actorIds})`,
      actorName: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${notifications.actorIds}[1])`,
      eventTitle: events.title,
      eventSlug: events.slug,
      eventDate: events.eventDate,
      eventSeries: events.seriesId,
      mediaId: media.id,
      mediaTitle: sql<string | null>`coalesce(${media.title}, ${media.name})`,
      mediaType: media.mediaType,
      mediaUploaded: media.uploadDate,
      applicant: applications.fullName,
      cancelledTitle: sql<string | null>`${cancelledEvents.calendar}->>'title'`,
      stayStatus: stays.status,
      stayHome: homes.title,
      stayGuest: stays.guestId,
      webhookName: webhookEndpoints.name,
      webhookPaused: webhookEndpoints.pausedBecause,
      webhookFailedTries: webhookEndpoints.failedTries,
      userId: notifications.userId,
      subjectId: notifications.subjectId,
      updatedAt: notifications.updatedAt,
      readAt: notifications.readAt,
      cursorAt: pages.column,
    })
    .from(notifications)
    .leftJoin(events, eq(events.id, notifications.eventId))
    .leftJoin(media, eq(media.id, notifications.mediaId))
    .leftJoin(applications, eq(applications.id, notifications.subjectId))
    .leftJoin(cancelledEvents, eq(cancelledEvents.eventId, notifications.subjectId))
    .leftJoin(stays, and(eq(notifications.kind, "stay"), eq(stays.id, notifications.subjectId)))
    .leftJoin(homes, eq(homes.id, stays.homeId))
    .leftJoin(
      webhookEndpoints,
      and(eq(notifications.kind, "webhook"), eq(webhookEndpoints.id, notifications.subjectId)),
    )
    .where(and(readableNotifications(viewer), where))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

const quoted = (title: string | null | undefined) => `“${title ?? "untitled"}”`;

/**
 * An event as the bell names it: its title, and for a date of a repeating event which date ("“Salon”
 * on Jan 14, 2027"): the series' dates share their title.
 */
function eventName(row: Row): string {
  const title = quoted(row.eventTitle);
  return row.eventSeries && row.eventDate ? `${title} on ${formatCardDate(row.eventDate)}` : title;
}

/** "Ana", "Ana and Bea", "Ana and 19 others". */
function whoDid(row: Row): string {
  const name = row.actorName ?? "A former member";
  const others = Number(row.actors) - 1;
  if (others <= 0) return name;
  return `${name} and ${others} other${others === 1 ? "" : "s"}`;
}

/**
 * A photo or video as the bell names it: “its title”, or until its uploader gives one the day it
 * was uploaded ("of 6 December"), never its file's name.
 */
function mediaName(row: Row, whose: "your" | "the", timeZone: string): string {
  const kind = row.mediaType === "video" ? "video" : "photo";
  if (row.mediaTitle) return whose === "your" ? `your ${kind} ${quoted(row.mediaTitle)}` : quoted(row.mediaTitle);
  return `${whose} ${kind} of ${row.mediaUploaded ? uploadDay(row.mediaUploaded, timeZone) : "an unknown day"}`;
}

/** The line the bell shows, and where it leads. */
function describe(row: Row, timeZone: string): { text: string; link: string } {
  const who = whoDid(row);
  const thing = row.mediaId ? mediaName(row, "your", timeZone) : `your event ${eventName(row)}`;
  const link = row.mediaId
    ? `/gallery?media=${row.mediaId}`
    : row.eventSlug
      ? `/events/${row.eventSlug}`
      : "/member-home";
  const event = eventName(row);
  const many = row.count > 1;
  switch (row.kind as NotificationKind) {
    case "comment":
      return { text: `${who} commented on ${thing}${many ? ` (${row.count} comments)` : ""}`, link };
    case "like":
      return { text: `${who} liked your comment on ${row.mediaId ? mediaName(row, "the", timeZone) : event}`, link };
    case "media_like":
      return { text: `${who} liked ${thing}`, link };
    case "invited":
      return { text: `${who} invited you to ${event}`, link };
    case "seat":
      return { text: `A seat opened for you at ${event}: you are going`, link };
    case "changed":
      return { text: `${event} changed its date, time or place${many ? ` (${row.count} changes)` : ""}`, link };
    case "cancelled":
      return { text: `${quoted(row.cancelledTitle)} is cancelled`, link: "/calendar" };
    case "photos":
      return { text: `${who} added ${many ? `${row.count} photos and videos` : "a photo or video"} to ${event}`, link };
    case "joined":
      return { text: `${who} joined ${event}, which you invited her to`, link };
    case "application":
      return { text: `${row.applicant ?? "Someone"} applied for membership`, link: "/applications" };
    case "report":
      return { text: `${who} reported a message`, link: "/admin/reports" };
    case "webhook": {
      // Told as the endpoint is now: paused by the club, still failing, answering again, or gone.
      const link = `/webhooks/${row.subjectId}`;
      if (!row.webhookName) return { text: "A webhook that kept failing was removed", link: "/webhooks" };
      const name = quoted(row.webhookName);
      if (row.webhookPaused === "failing")
        return { text: `The webhook ${name} is paused after three days of failures`, link };
      if ((row.webhookFailedTries ?? 0) > 0) return { text: `The webhook ${name} is failing`, link };
      return { text: `The webhook ${name} failed for a while, and answers again`, link };
    }
    case "stay": {
      // Told as the stay is now (a request accepted since the row was written reads "accepted").
      const to = row.stayGuest === row.userId ? "guest" : "host";
      const text = staySentence((row.stayStatus ?? "cancelled") as StayAct, to, row.stayHome ?? "a home", who);
      return { text, link: to === "host" ? "/travel/hosting" : "/travel/trips" };
    }
  }
}

/** A row as the bell lists it; days are the club's (`timeZone`). */
export function toItem(row: Row, timeZone: string) {
  return { id: row.id, kind: row.kind, ...describe(row, timeZone), at: row.updatedAt, read: row.readAt !== null };
}
export type NotificationItem = ReturnType<typeof toItem>;

/** Her notifications, newest first, a page at a time, and how many she has not read. */
export async function listNotifications(
  db: Queryable,
  viewer: Viewer,
  page: { cursor?: string | undefined; limit?: number | undefined } = {},
  /** The club's time zone: the day an untitled photo is named by. */
  timeZone = "UTC",
) {
  const limit = page.limit ?? PAGE;
  const after = pages.read(page.cursor);
  // The bell's list opens with every page: built once per kind of viewer and page (preparedOnce).
  const kind = viewerKind(viewer);
  const query = preparedOnce(db, `notifications.list ${kind} ${Boolean(after)}`, () =>
    selectRows(
      db,
      viewerPlaceholder(kind) as ViewerRef,
      and(shownInApp, after ? pages.afterPlaceholders : undefined),
      sql.placeholder("limit"),
    ).prepare("notifications_list"),
  );
  const rows = await query.execute({ ...viewerValues(viewer), limit: limit + 1, ...after });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => toItem(row, timeZone)),
    nextCursor: rows.length > limit && last ? pages.next(last.cursorAt, last.id) : null,
    unread: await unreadCount(db, viewer),
  };
}

/** The bell's number: her unread rows that she may read. */
export async function unreadCount(db: Queryable, viewer: Viewer): Promise<number> {
  const kind = viewerKind(viewer);
  const query = preparedOnce(db, `notifications.unread ${kind}`, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(readableNotifications(viewerPlaceholder(kind) as ViewerRef), shownInApp, isNull(notifications.readAt)))
      .prepare("notifications_unread"),
  );
  const [row] = await query.execute({ ...viewerValues(viewer) });
  return row?.n ?? 0;
}

/** Marks hers read: the ones named, or all. Another's id changes nothing (it is not hers). */
export async function markRead(db: Queryable, viewer: Viewer, ids?: string[]): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, viewer.id),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
  return unreadCount(db, viewer);
}
