import { media, type Queryable } from "@club/db";
import { desc, type SQL } from "@club/db/orm";
import { mediaLabel } from "@club/shared";
import { mediaUrl } from "./dto";

/**
 * A picker's photos (a group mail's images, an event's cover): the newest of those `where` allows,
 * each named as the gallery names it ("Photo, 6 December" until titled), with its thumbnail for the
 * picker and the keys of its larger copies.
 */
export async function newestPhotos(db: Queryable, where: SQL | undefined, timeZone: string, limit: number) {
  const rows = await db
    .select({
      id: media.id,
      title: media.title,
      name: media.name,
      mediaType: media.mediaType,
      uploadDate: media.uploadDate,
      thumbnail: media.thumbnailKey,
      medium: media.mediumKey,
      display: media.displayKey,
    })
    .from(media)
    .where(where)
    .orderBy(desc(media.uploadDate), desc(media.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    title: mediaLabel({ title: r.title ?? r.name, mediaType: r.mediaType, uploadDate: r.uploadDate }, timeZone),
    thumbnail_url: mediaUrl(r.thumbnail ?? r.display),
    medium: r.medium,
    display: r.display,
  }));
}
