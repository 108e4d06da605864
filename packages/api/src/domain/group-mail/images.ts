import { signMailImage, unsubscribeKeys } from "@club/auth";
import { media, type Queryable } from "@club/db";
import { desc } from "@club/db/orm";
import { mediaLabel } from "@club/shared";
import type { ApiConfig } from "../../context";
import { photosForEveryone } from "../access";
import { mediaUrl } from "../media/dto";

/** How many of the newest photos the composer's picker offers. */
const PICKER_SIZE = 60;

/**
 * The photos an admin may put into a group e-mail (those every member may see), newest first:
 * each with its thumbnail for the picker (served to her session) and the signed address the mail
 * carries, which a reader's mail program fetches with no session.
 */
export async function photosForMail(
  db: Queryable,
  config: Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets" | "timeZone">,
) {
  const keys = await unsubscribeKeys(db, config.unsubscribeSecrets);
  const rows = await db
    .select({
      id: media.id,
      title: media.title,
      name: media.name,
      mediaType: media.mediaType,
      uploadDate: media.uploadDate,
      thumbnail: media.thumbnailKey,
      display: media.displayKey,
    })
    .from(media)
    .where(photosForEveryone())
    .orderBy(desc(media.uploadDate), desc(media.id))
    .limit(PICKER_SIZE);
  return rows.map((r) => ({
    id: r.id,
    title: mediaLabel({ title: r.title ?? r.name, mediaType: r.mediaType, uploadDate: r.uploadDate }, config.timeZone),
    thumbnail_url: mediaUrl(r.thumbnail ?? r.display),
    src: `${config.appOrigin}/mail-images/${signMailImage(keys, r.id)}`,
  }));
}

/** The keys a mail image's signature is checked with (the club's mail keys). */
export function mailImageKeys(db: Queryable, config: Pick<ApiConfig, "unsubscribeSecrets">) {
  return unsubscribeKeys(db, config.unsubscribeSecrets);
}
