import { signMailImage, unsubscribeKeys } from "@club/auth";
import type { Queryable } from "@club/db";
import type { ApiConfig } from "../../context";
import { photosForEveryone } from "../access";
import { newestPhotos } from "../media/photo-choices";

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
  const photos = await newestPhotos(db, photosForEveryone(), config.timeZone, PICKER_SIZE);
  return photos.map((p) => ({
    id: p.id,
    title: p.title,
    thumbnail_url: p.thumbnail_url,
    src: `${config.appOrigin}/mail-images/${signMailImage(keys, p.id)}`,
  }));
}

/** The keys a mail image's signature is checked with (the club's mail keys). */
export function mailImageKeys(db: Queryable, config: Pick<ApiConfig, "unsubscribeSecrets">) {
  return unsubscribeKeys(db, config.unsubscribeSecrets);
}
