import { media, mediaTags, type Queryable } from "@club/db";
import { and, arrayOverlaps, desc, eq, exists, like, or, sql } from "@club/db/orm";
import { escapeLike } from "../../lib/like";
import { preparedOnce } from "../../lib/prepared";
import { galleryMedia, type Viewer, type ViewerRef, viewerKind, viewerPlaceholder, viewerValues } from "../access";
import { type MediaDto, mediaPages, READER, selectMedia, toMediaDto } from "./dto";

/** What the gallery and an event's Images tab list: the items a member may see, newest first. */

const PAGE = 60;

const p = sql.placeholder;

/** The tags that start as the placeholder `pattern` says (a `like` pattern), in order, at most 500. */
const tagsLike = (db: Queryable) =>
  db
    .select({ tag: mediaTags.tag })
    .from(mediaTags)
    .where(like(mediaTags.tag, p("pattern")))
    .orderBy(mediaTags.tag)
    .limit(500);

/**
 * Tags are stored lower-cased; a search matches any tag that starts with what was typed. The tags
 * that do are read from `media_tags` by prefix (a range on its key) and passed as one array, so that
 * Postgres weighs the GIN index of `media.tags` against walking the newest items with the actual
 * tags in hand (with the array left to a subquery, an unused tag read all of a million rows: 0.6 s).
 * At most 500 tags: a one-letter prefix shared by more is a search too wide to narrow anything.
 */
async function tagsStartingWith(db: Queryable, prefix: string): Promise<string[]> {
  const query = preparedOnce(db, "media.tagsStartingWith", () => tagsLike(db).prepare("tags_starting_with"));
  const rows = await query.execute({ pattern: `${escapeLike(prefix)}%` });
  return rows.map((r) => r.tag);
}

/** Which optional parts a gallery query has: one prepared query per combination. */
interface ListShape {
  admin: boolean;
  /** Her sight of events is given (viewerPlaceholder's "sighted"). */
  sighted: boolean;
  tags: boolean;
  event: boolean;
  uploader: boolean;
  cursor: boolean;
}

function listQuery(db: Queryable, shape: ListShape) {
  return selectMedia(db, READER)
    .where(
      and(
        galleryMedia(viewerPlaceholder(shape.admin ? "admin" : shape.sighted ? "sighted" : "member") as ViewerRef),
        shape.tags ? arrayOverlaps(media.tags, p("tags")) : undefined,
        shape.event ? eq(media.associatedEventId, p("eventId")) : undefined,
        shape.uploader ? eq(media.uploadedBy, p("uploader")) : undefined,
        shape.cursor ? mediaPages.afterPlaceholders : undefined,
      ),
    )
    .orderBy(desc(media.uploadDate), desc(media.id))
    .limit(p("limit"))
    .prepare("media_list");
}

/** The gallery: a page at a time (`limit`, default 60), filtered by a tag's beginning or an event. */
export async function listMedia(
  db: Queryable,
  viewer: Viewer,
  filter: {
    tag?: string | undefined;
    eventId?: string | undefined;
    uploader?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  } = {},
): Promise<{ items: MediaDto[]; nextCursor: string | null }> {
  const limit = filter.limit ?? PAGE;
  const after = mediaPages.read(filter.cursor);
  const tags = filter.tag ? await tagsStartingWith(db, filter.tag) : undefined;
  if (tags?.length === 0) return { items: [], nextCursor: null };
  const shape: ListShape = {
    admin: viewer.admin,
    sighted: viewer.sight !== undefined,
    tags: !!tags,
    event: !!filter.eventId,
    uploader: !!filter.uploader,
    cursor: !!after,
  };
  const query = preparedOnce(db, `media.list ${JSON.stringify(shape)}`, () => listQuery(db, shape));
  const rows = await query.execute({
    ...viewerValues(viewer),
    tags,
    eventId: filter.eventId,
    uploader: filter.uploader,
    ...after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toMediaDto(r, viewer)),
    nextCursor: rows.length > limit && last ? mediaPages.next(last.cursorAt, last.row.id) : null,
  };
}

/** Suggestions for the gallery's tag search: up to 10 tags in use that start with what was typed. */
export async function tagSuggestions(db: Queryable, viewer: Viewer, prefix: string): Promise<string[]> {
  const kind = viewerKind(viewer);
  const query = preparedOnce(db, `media.tagSuggestions ${kind}`, () => {
    // The tags that start with it, in order, are tried one by one until ten are in use: a subquery
    // with its own order and limit keeps its order, so the search stops there. Filtered first and
    // sorted after, every tag of a one-letter search was tried (40 tried for 10 kept: 27 ms).
    const candidates = tagsLike(db).as("candidates");
    // Only tags of items she may see: a tag used only inside a hidden event is not suggested.
    const inUse = db
      .select({ one: sql`1` })
      .from(media)
      .where(
        and(
          sql`${media.tags} @> array[${candidates.tag} collate "default"]`,
          galleryMedia(viewerPlaceholder(kind) as ViewerRef),
        ),
      );
    return db
      .select({ tag: candidates.tag })
      .from(candidates)
      .where(exists(inUse))
      .orderBy(candidates.tag)
      .limit(10)
      .prepare("tag_suggestions");
  });
  const rows = await query.execute({ pattern: `${escapeLike(prefix)}%`, ...viewerValues(viewer) });
  return rows.map((r) => r.tag);
}

/** An event's photos and videos (the event's Images tab), all of them. */
export async function mediaOfEvent(db: Queryable, viewer: Viewer, eventId: string): Promise<MediaDto[]> {
  const kind = viewerKind(viewer);
  const query = preparedOnce(db, `media.ofEvent ${kind}`, () =>
    selectMedia(db, READER)
      .where(and(eq(media.associatedEventId, p("eventId")), galleryMedia(viewerPlaceholder(kind) as ViewerRef)))
      .orderBy(desc(media.uploadDate), desc(media.id))
      .prepare("media_of_event"),
  );
  const rows = await query.execute({ eventId, ...viewerValues(viewer) });
  return rows.map((r) => toMediaDto(r, viewer));
}

/** Items whose title (or uploaded name) is this one, at most 200. */
export async function mediaTitled(db: Queryable, viewer: Viewer, title: string): Promise<MediaDto[]> {
  const rows = await selectMedia(db, viewer.id)
    .where(and(or(eq(media.title, title), eq(media.name, title)), galleryMedia(viewer)))
    .orderBy(desc(media.uploadDate), desc(media.id))
    .limit(200);
  return rows.map((r) => toMediaDto(r, viewer));
}
