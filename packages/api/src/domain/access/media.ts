// Media: which items and files a member may see, and who changes them.
import { verifyMailImage } from "@club/auth";
import { events, media } from "@club/db";
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "@club/db/orm";
import type { ApiContext } from "../../context";
import { MEDIA_NOT_FOUND, notFound } from "../../errors";
import { preparedOnce } from "../../lib/prepared";
import { type MemberContext, requireMember, type Viewer, type ViewerRef } from "./callers";
import { viewerKind, viewerPlaceholder, viewerValues, visibleEvents } from "./events";
import { requireOwnerOrAdmin } from "./ownership";

const p = sql.placeholder;

/**
 * The condition on `media` for the items a member may see: ready, not in an event hidden from her,
 * and not left over from a deleted invite-only event unless she uploaded it. (Never undefined, but
 * typed as Drizzle types `and`, which every caller passes it to.) A prepared query passes a
 * placeholder for her id (`ViewerRef`).
 */
export function visibleMedia(viewer: ViewerRef): SQL | undefined {
  const ready = eq(media.status, "ready");
  if (viewer.admin) return ready;
  return and(
    ready,
    or(
      and(
        isNull(media.associatedEventId),
        // A member has a sight only while nothing of hers is private (sightOf): then this reads nothing of hers.
        viewer.sight !== undefined
          ? eq(media.uploaderOnly, false)
          : or(eq(media.uploaderOnly, false), eq(media.uploadedBy, viewer.id)),
      ),
      // Her sight of the item's event, looked up on the events' key for each item in an event: a
      // scalar subquery (one row at most) rather than an EXISTS. Postgres 15 plans an EXISTS inside
      // this OR as a hashed SubPlan, reading every event she may see before a page's first row (it
      // counts the calls as if the whole table were read, LIMIT aside): 3.4 of 4.3 ms of a gallery
      // page at 2,000 events, ten times that at 20,000. A scalar subquery is never hashed; a query
      // over all of an uploader's items pays a look-up per item in an event instead (as PGlite's
      // planner chooses anyway). See gallery-visibility-plan.test.ts and bench/gallery-visibility.ts.
      sql`coalesce((select true from ${events} where ${and(eq(events.id, media.associatedEventId), visibleEvents(viewer))}), false)`,
    ),
  );
}

/**
 * What the gallery and its neighbours list (pages, tags, a member's uploads and showcase, her home
 * page, a group mail's photos): the items she may see, less the photos of members' homes, which are
 * shown on their homes only (their files pass `visibleMedia`, as every home is every member's to see).
 */
export function galleryMedia(viewer: ViewerRef): SQL | undefined {
  return and(visibleMedia(viewer), isNull(media.homeId));
}

/** A media row when the member may see it; otherwise "Media not found." */
export async function requireVisibleMedia(ctx: MemberContext, id: string): Promise<typeof media.$inferSelect> {
  const kind = viewerKind(ctx.user);
  const query = preparedOnce(ctx.db, `requireVisibleMedia ${kind}`, () =>
    ctx.db
      .select()
      .from(media)
      .where(and(eq(media.id, p("id")), visibleMedia(viewerPlaceholder(kind) as ViewerRef)))
      .prepare("visible_media"),
  );
  const [row] = await query.execute({ id, ...viewerValues(ctx.user) });
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
): Promise<{ title: string | null; name: string | null; fileName: string | null }> {
  const member = requireMember(ctx);
  const prefix = key.slice(0, key.lastIndexOf("/"));
  // Every photo a page shows passes here (a gallery page: sixty): built once per kind of viewer.
  const kind = viewerKind(member.user);
  const query = preparedOnce(member.db, `requireVisibleMediaObject ${kind}`, () =>
    member.db
      .select({ title: media.title, name: media.name, fileName: media.fileName })
      .from(media)
      .where(and(eq(media.objectPrefix, p("prefix")), visibleMedia(viewerPlaceholder(kind) as ViewerRef)))
      .prepare("visible_media_object"),
  );
  const [row] = prefix ? await query.execute({ prefix, ...viewerValues(member.user) }) : [];
  if (!row) throw notFound("Not found");
  return row;
}

/** A member with no seat, invitation or upload anywhere: what she sees, every member sees. */
const ANY_MEMBER: Viewer = { id: "00000000-0000-0000-0000-000000000000", admin: false };

/** The photos a group e-mail may show: those every member may see. */
export function photosForEveryone(): SQL | undefined {
  return and(galleryMedia(ANY_MEMBER), eq(media.mediaType, "image"), isNotNull(media.displayKey));
}

/**
 * The photos that may be an event's cover (`eventId`: the event's, when it exists): a cover is shown
 * to everyone who sees the event, so it is one every member may see, or one of the event's own
 * photos, which the event's viewers see with it. The same rule as the database's
 * `event_cover_fits` (migration 0047), which drops a cover that stops being so.
 */
export function coverPhotos(eventId: string | undefined): SQL | undefined {
  const ownPhoto =
    eventId === undefined
      ? undefined
      : and(
          eq(media.associatedEventId, eventId),
          eq(media.status, "ready"),
          eq(media.mediaType, "image"),
          isNotNull(media.displayKey),
          isNull(media.homeId),
        );
  return ownPhoto ? or(photosForEveryone(), ownPhoto) : photosForEveryone();
}

/**
 * A photo's file for a mail program (GET /mail-images/{token}): the token must be the club's for
 * that photo, and every member must still be able to see it; anything else is "not found".
 */
export async function requireMailImage(
  ctx: Pick<ApiContext, "db">,
  keys: readonly Uint8Array[],
  token: string,
): Promise<{ key: string }> {
  const id = verifyMailImage(keys, token);
  if (!id) throw notFound("Not found");
  const [row] = await ctx.db
    .select({ medium: media.mediumKey, display: media.displayKey })
    .from(media)
    .where(and(eq(media.id, id), photosForEveryone()));
  const key = row?.medium ?? row?.display;
  if (!key) throw notFound("Not found");
  return { key };
}
