import { media, mediaLikes, type Queryable, users } from "@club/db";
import { eq, type Placeholder, sql } from "@club/db/orm";
import { FORMER_MEMBER } from "@club/shared";
import { notFound } from "../../errors";
import { keyset } from "../../lib/keyset";
import { preparedOnce } from "../../lib/prepared";
import { canManage, type MemberContext, type Viewer } from "../access";

/** Where the server serves a stored object (members only): keys all start with `media/`. */
const objectUrl = (key: string) => `/${key}`;
/** The same for a copy an item may lack (a thumbnail, say). */
export const mediaUrl = (key: string | null) => (key ? objectUrl(key) : null);

/** The gallery's pages: newest upload first. */
export const mediaPages = keyset(
  media.uploadDate,
  media.id,
  "This page of the gallery is no longer available. Please reload it.",
);

/**
 * Items with their uploader's name, their like count and the reader's like (`readerId`: her id, or
 * the `viewerId` placeholder of a prepared query), in one statement. `user_liked` is the reader's:
 * an answer with it is never shared with another member (KEPT_ANSWERS, not SHARED_ANSWERS).
 */
export function selectMedia(db: Queryable, readerId: string | Placeholder) {
  return db
    .select({
      row: media,
      authorName: users.name,
      cursorAt: mediaPages.column,
      likeCount: sql<number>`(select count(*) from ${mediaLikes} where ${mediaLikes.mediaId} = ${media.id})::int`,
      userLiked: sql<boolean>`exists(select 1 from ${mediaLikes} where ${mediaLikes.mediaId} = ${media.id} and ${mediaLikes.userId} = ${readerId})`,
    })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy));
}

/** The `viewerId` placeholder (`viewerValues`) a prepared query of `selectMedia` reads the reader from. */
export const READER = sql.placeholder("viewerId");

type Row = { row: typeof media.$inferSelect; authorName: string | null; likeCount: number; userLiked: boolean };

/**
 * A photo's copies with their widths, smallest first, for `srcset` (the page picks by its width and
 * the screen's density). Each copy is the display copy scaled to fit a square of its size; items
 * stored before the medium copy existed have two.
 */
export function imageSources(row: typeof media.$inferSelect): { url: string; width: number; height: number }[] {
  const { width, height } = row;
  if (row.mediaType !== "image" || !width || !height || !row.displayKey) return [];
  const longest = Math.max(width, height);
  const at = (key: string | null, box: number) => {
    const scale = Math.min(1, box / longest);
    return key ? [{ url: objectUrl(key), width: Math.round(width * scale), height: Math.round(height * scale) }] : [];
  };
  const copies = [...at(row.thumbnailKey, 480), ...at(row.mediumKey, 1024), ...at(row.displayKey, longest)];
  // A copy no narrower than the next one (a small original) would only repeat it.
  return copies.filter((c, i) => {
    const next = copies[i + 1];
    return !next || c.width < next.width;
  });
}

/**
 * The spec's Media and Image shapes in one (SPEC.md section 3), with what the gallery adds: `url`
 * is what a page shows or plays (a video's playable version once it exists), `original_url` the
 * file as uploaded (for download), `processing` where a video's playable version stands, the
 * size as shown, and `uploader_only` for an item left private by the deletion of its invite-only event.
 */
export function toMediaDto({ row, authorName, likeCount, userLiked }: Row, viewer: Viewer) {
  return {
    id: row.id,
    image_id: row.id,
    url: objectUrl(row.playbackKey ?? row.storageKey),
    original_url: objectUrl(row.storageKey),
    thumbnail_url: mediaUrl(row.thumbnailKey),
    name: row.name,
    title: row.title ?? row.name,
    file_name: row.fileName,
    media_type: row.mediaType,
    content_type: row.playbackKey && row.playbackKey !== row.storageKey ? "video/mp4" : row.contentType,
    processing: row.processing,
    width: row.width,
    height: row.height,
    sources: imageSources(row),
    placeholder: row.placeholder,
    description: row.description,
    tags: row.tags,
    associated_event_id: row.associatedEventId,
    // No uploader: a former member's item, kept when her account was deleted (or made by a script).
    author_name: authorName ?? FORMER_MEMBER,
    upload_date: row.uploadDate,
    uploaded_by: row.uploadedBy,
    can_manage: canManage(viewer, row.uploadedBy),
    uploader_only: row.uploaderOnly,
    like_count: likeCount,
    user_liked: userLiked,
  };
}
export type MediaDto = ReturnType<typeof toMediaDto>;

/** One item as the member sees it, after its visibility was checked. */
export async function mediaDto(ctx: Pick<MemberContext, "db" | "user">, id: string): Promise<MediaDto> {
  const query = preparedOnce(ctx.db, "media.dto", () =>
    selectMedia(ctx.db, READER)
      .where(eq(media.id, sql.placeholder("id")))
      .prepare("media_dto"),
  );
  const [row] = await query.execute({ id, viewerId: ctx.user.id });
  if (!row) throw notFound("Media not found.");
  return toMediaDto(row, ctx.user);
}
