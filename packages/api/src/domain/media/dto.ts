import { media, type Queryable, users } from "@club/db";
import { eq } from "drizzle-orm";

/** Where the server serves a stored object (members only): keys all start with `media/`. */
export const mediaUrl = (key: string | null) => (key ? `/${key}` : null);

export const mediaColumns = {
  row: media,
  authorName: users.name,
};

export function selectMedia(db: Queryable) {
  return db.select(mediaColumns).from(media).leftJoin(users, eq(users.id, media.uploadedBy));
}

type Row = { row: typeof media.$inferSelect; authorName: string | null };

/** The spec's Media and Image shapes in one (SPEC.md section 3). */
export function toMediaDto({ row, authorName }: Row, viewer: { id: string; admin: boolean }) {
  return {
    id: row.id,
    image_id: row.id,
    url: mediaUrl(row.storageKey)!,
    thumbnail_url: mediaUrl(row.thumbnailKey),
    name: row.name,
    title: row.title ?? row.name,
    media_type: row.mediaType,
    content_type: row.contentType,
    description: row.description,
    tags: row.tags,
    associated_event_id: row.associatedEventId,
    author_name: authorName,
    upload_date: row.uploadDate,
    uploaded_by: row.uploadedBy,
    can_manage: viewer.admin || row.uploadedBy === viewer.id,
  };
}
export type MediaDto = ReturnType<typeof toMediaDto>;

/** The objects of a media row in the store. */
export function storageKeysOf(row: typeof media.$inferSelect): string[] {
  return [...new Set([row.storageKey, row.displayKey, row.thumbnailKey].filter((k): k is string => Boolean(k)))];
}
